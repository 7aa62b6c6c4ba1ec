package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reference §4: the partition source is a top-level timestamptz column (JSON string + format date-time) and is
 * treated as required even when "required" does not list it; a non-convertible type makes the channel SUSPENDED.
 */
final class PartitionColumnCheck {

    private PartitionColumnCheck() {
    }

    /** Returns the fields with the partition column marked required; adds a problem when it is absent or mistyped. */
    static List<IcebergField> apply(JsonNode root, List<IcebergField> fields, String partitionColumn,
                                    List<SchemaProblem> problems) {
        if (partitionColumn == null || partitionColumn.isBlank()) {
            problems.add(SchemaProblem.of(ConformanceCode.PARTITION_COLUMN_MISSING, "",
                    "No partition column is configured; TIME_HOUR partitioning needs exactly one date-time column"));
            return fields;
        }
        List<IcebergField> result = new ArrayList<>(fields.size());
        IcebergField partition = null;
        for (IcebergField field : fields) {
            if (field.name().equals(partitionColumn)) {
                partition = field;
                result.add(new IcebergField(field.id(), field.name(), field.type(), true, field.doc()));
            } else {
                result.add(field);
            }
        }
        String pointer = "/properties/" + JsonPointers.escape(partitionColumn);
        if (partition == null) {
            JsonNode properties = resolvedProperties(root);
            if (properties != null && properties.has(partitionColumn)) {
                problems.add(SchemaProblem.of(ConformanceCode.PARTITION_COLUMN_NOT_DATE_TIME, pointer,
                        "Partition column '" + partitionColumn + "' has no usable type; it must be a string with"
                                + " format date-time"));
            } else {
                problems.add(SchemaProblem.of(ConformanceCode.PARTITION_COLUMN_MISSING, "/properties",
                        "Partition column '" + partitionColumn + "' is not a top-level property of the schema"
                                + similarName(fields, partitionColumn)));
            }
        } else if (!(partition.type() instanceof IcebergType.TimestamptzType)) {
            problems.add(SchemaProblem.of(ConformanceCode.PARTITION_COLUMN_NOT_DATE_TIME, pointer,
                    "Partition column '" + partitionColumn + "' maps to " + partition.type().render()
                            + ", not timestamptz (JSON string with format date-time)"));
        }
        return result;
    }

    private static JsonNode resolvedProperties(JsonNode root) {
        JsonNode node = root;
        JsonNode ref = node.get("$ref");
        if (ref != null && ref.isTextual() && ref.textValue().startsWith("#/")) {
            try {
                node = root.at(ref.textValue().substring(1));
            } catch (IllegalArgumentException e) {
                return null; // already reported as SCHEMA_REF_UNRESOLVED
            }
        }
        JsonNode properties = node.get("properties");
        return properties != null && properties.isObject() ? properties : null;
    }

    private static String similarName(List<IcebergField> fields, String partitionColumn) {
        for (IcebergField field : fields) {
            if (field.name().equalsIgnoreCase(partitionColumn)) {
                return " (a column '" + field.name() + "' differs only in case)";
            }
        }
        return "";
    }
}
