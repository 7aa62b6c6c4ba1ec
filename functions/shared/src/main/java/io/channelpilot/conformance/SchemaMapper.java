package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.conformance.SchemaRefs.Located;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Maps a JSON Schema to Iceberg types per reference §4, collecting every problem instead of stopping at the first
 * (style: Iceberg {@code CheckCompatibility}). Owns the field-id counter and assigns ids the way Iceberg's
 * {@code AssignFreshIds} does: all fields of a struct first, then the nested types of each field in order; a list
 * takes one id for its element, a map two (key, value).
 *
 * <p>Nesting: the root object is level 1 and every struct, list or map below adds one level (the same counting as a
 * JSON parser's nesting depth), so a schema deeper than {@code maxNestingDepth} is reported and not descended into,
 * which also bounds the recursion.
 */
final class SchemaMapper {

    /** A mapped schema node: its Iceberg type and whether the JSON Schema admits null for it. */
    record Mapped(IcebergType type, boolean nullable) {
    }

    private final SchemaRefs refs;
    private final ConformanceOptions options;
    private final List<SchemaProblem> problems;
    private final TypeSelector selector;
    private int lastId;

    SchemaMapper(JsonNode root, ConformanceOptions options, List<SchemaProblem> problems) {
        this.refs = new SchemaRefs(root);
        this.options = options;
        this.problems = problems;
        this.selector = new TypeSelector(options, problems);
    }

    /**
     * Maps the root schema to the table's columns, or returns null (with SCHEMA_NOT_OBJECT or a ref problem
     * recorded) when the root is not an object with properties.
     */
    List<IcebergField> mapRoot(JsonNode root) {
        int mark = refs.depthBefore();
        try {
            Located located = refs.resolve(new Located(root, ""), problems);
            if (located == null) {
                return null;
            }
            JsonNode node = located.node();
            JsonNode properties = node.isObject() ? node.get("properties") : null;
            String type = node.isObject() && node.path("type").isTextual() ? node.get("type").textValue() : "object";
            if (properties == null || !properties.isObject() || properties.isEmpty() || !"object".equals(type)) {
                problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_NOT_OBJECT, located.pointer(),
                        "The root schema must be \"type\": \"object\" with at least one property; each property becomes"
                                + " a column"));
                return null;
            }
            return mapStruct(located, "", 1);
        } finally {
            refs.release(mark);
        }
    }

    private List<IcebergField> mapStruct(Located object, String columnPath, int depth) {
        JsonNode properties = object.node().get("properties");
        String propertiesPointer = JsonPointers.child(object.pointer(), "properties");
        Set<String> required = requiredNames(object.node());
        List<String> names = new ArrayList<>(properties.size());
        properties.fieldNames().forEachRemaining(names::add);
        checkNames(names, propertiesPointer, columnPath);
        for (String name : required) {
            if (!properties.has(name)) {
                problems.add(SchemaProblem.of(ConformanceCode.REQUIRED_WITHOUT_PROPERTY,
                        JsonPointers.child(object.pointer(), "required"), "\"required\" lists '" + name + "'"
                                + (columnPath.isEmpty() ? "" : " in '" + columnPath + "'") + " but no such property exists"));
            }
        }
        int firstId = lastId + 1;
        lastId += names.size(); // Iceberg order: the struct's own fields first, nested ids after
        List<IcebergField> fields = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            String pointer = JsonPointers.child(propertiesPointer, name);
            String path = columnPath.isEmpty() ? name : columnPath + "." + name;
            JsonNode property = properties.get(name);
            Mapped mapped = map(new Located(property, pointer), path, depth);
            if (mapped == null) {
                continue;
            }
            boolean isRequired = required.contains(name);
            if (isRequired && mapped.nullable()) {
                problems.add(SchemaProblem.of(ConformanceCode.NULLABLE_REQUIRED_FIELD, pointer,
                        "Column '" + path + "' is listed in \"required\" but its schema allows null; the column is"
                                + " non-nullable and records with null there are rejected"));
            }
            fields.add(new IcebergField(firstId + i, name, mapped.type(), isRequired, description(property)));
        }
        return fields;
    }

    /** Maps one property schema found at {@code start} that lives inside a container at level {@code depth}. */
    Mapped map(Located start, String columnPath, int depth) {
        int mark = refs.depthBefore();
        try {
            Located located = refs.resolve(start, problems);
            if (located == null) {
                return null;
            }
            TypeSelector.Selection selection = selector.select(located, columnPath);
            if (selection == null) {
                return null;
            }
            if (selection.branch() != null) { // a oneOf/anyOf/allOf with exactly one non-null alternative
                Mapped inner = map(selection.branch(), columnPath, depth);
                return inner == null ? null : new Mapped(inner.type(), inner.nullable() || selection.nullable());
            }
            IcebergType type = switch (selection.jsonType()) {
                case "object" -> mapObject(selection.schema(), columnPath, depth + 1);
                case "array" -> mapArray(selection.schema(), columnPath, depth + 1);
                default -> selection.primitive();
            };
            return type == null ? null : new Mapped(type, selection.nullable());
        } finally {
            refs.release(mark);
        }
    }

    private IcebergType mapObject(Located object, String columnPath, int level) {
        if (!withinDepth(object, columnPath, level)) {
            return null;
        }
        JsonNode node = object.node();
        JsonNode properties = node.get("properties");
        if (properties != null && properties.isObject() && !properties.isEmpty()) {
            List<IcebergField> fields = mapStruct(object, columnPath, level);
            // every field failed (and was reported): no empty struct<> in the preview
            return fields.isEmpty() ? null : new IcebergType.StructType(fields);
        }
        JsonNode additional = node.get("additionalProperties");
        if (additional != null && additional.isObject()) {
            int keyId = ++lastId;
            int valueId = ++lastId;
            Mapped value = map(new Located(additional, JsonPointers.child(object.pointer(), "additionalProperties")),
                    columnPath + ".value", level);
            return value == null ? null : new IcebergType.MapType(keyId, valueId, value.type(), !value.nullable());
        }
        problems.add(SchemaProblem.of(ConformanceCode.UNMAPPABLE_TYPE, object.pointer(),
                "Column '" + columnPath + "' is an object with neither \"properties\" nor an \"additionalProperties\""
                        + " schema, so it has no Iceberg struct fields or map value type"));
        return null;
    }

    private IcebergType mapArray(Located array, String columnPath, int level) {
        if (!withinDepth(array, columnPath, level)) {
            return null;
        }
        JsonNode items = array.node().get("items");
        if (items == null || !items.isObject()) {
            problems.add(SchemaProblem.of(ConformanceCode.UNMAPPABLE_TYPE, array.pointer(),
                    "Column '" + columnPath + "' is an array without a single \"items\" schema (tuple arrays and"
                            + " untyped arrays have no Iceberg list element type)"));
            return null;
        }
        int elementId = ++lastId;
        Mapped element = map(new Located(items, JsonPointers.child(array.pointer(), "items")),
                columnPath + ".element", level);
        return element == null ? null : new IcebergType.ListType(elementId, element.type(), !element.nullable());
    }

    private boolean withinDepth(Located container, String columnPath, int level) {
        if (level <= options.maxNestingDepth()) {
            return true;
        }
        problems.add(SchemaProblem.of(ConformanceCode.NESTING_TOO_DEEP, container.pointer(),
                "Column '" + columnPath + "' opens nesting level " + level + "; at most " + options.maxNestingDepth()
                        + " levels of objects/arrays are supported (the root object is level 1)"));
        return false;
    }

    private void checkNames(List<String> names, String propertiesPointer, String columnPath) {
        Map<String, String> seen = new HashMap<>();
        for (String name : names) {
            String pointer = JsonPointers.child(propertiesPointer, name);
            String path = columnPath.isEmpty() ? name : columnPath + "." + name;
            String lower = name.toLowerCase(Locale.ROOT);
            if (!lower.equals(name)) {
                problems.add(SchemaProblem.of(ConformanceCode.COLUMN_NAME_NOT_LOWERCASE, pointer,
                        "Column '" + path + "' has uppercase letters"));
            }
            String other = seen.putIfAbsent(lower, name);
            if (other != null) {
                problems.add(SchemaProblem.of(ConformanceCode.COLUMN_NAME_COLLISION, pointer,
                        "Columns '" + other + "' and '" + name + "'" + (columnPath.isEmpty() ? "" : " in '" + columnPath + "'")
                                + " differ only in case"));
            }
        }
    }

    private static Set<String> requiredNames(JsonNode object) {
        JsonNode required = object.get("required");
        if (required == null || !required.isArray()) {
            return Set.of();
        }
        Set<String> names = new LinkedHashSet<>();
        for (Iterator<JsonNode> it = required.elements(); it.hasNext(); ) {
            JsonNode name = it.next();
            if (name.isTextual()) {
                names.add(name.textValue());
            }
        }
        return names;
    }

    private static String description(JsonNode property) {
        JsonNode description = property.isObject() ? property.get("description") : null;
        return description != null && description.isTextual() ? description.textValue() : null;
    }
}
