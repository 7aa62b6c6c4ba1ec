package io.channelpilot.local.world.delivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.ExecutionContext;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.format.Format;
import com.networknt.schema.path.PathType;
import java.io.IOException;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the world's delivery simulation judges records: an independent JSON Schema validator (networknt
 * json-schema-validator, with format assertions, as a schema registry consumer would run it) plus the delivery rules
 * the service documents and JSON Schema cannot express — the table mapping and its value limits
 * ({@link IcebergMapping}, {@link IcebergValues}), the partition column treated as required, at most 16 nesting
 * levels (reference §4, §5). None of it uses the product's conformance code: {@code ProductWorldAgreementTest} runs
 * the conformance corpus through both and lists where they differ (docs/conformance.md).
 *
 * <p>Immutable after {@link #read}; one per schema (version). Deterministic.
 */
final class DeliverySchema {

    private static final ObjectMapper RECORDS = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // rejections never quote the record
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .build();
    private static final Map<SpecificationVersion, Dialect> DIALECTS = Map.of(
            SpecificationVersion.DRAFT_4, withDeliveryFormats(Dialects.getDraft4()),
            SpecificationVersion.DRAFT_7, withDeliveryFormats(Dialects.getDraft7()));

    private final Schema validator;
    private final org.apache.iceberg.Schema table;

    private DeliverySchema(Schema validator, org.apache.iceberg.Schema table) {
        this.validator = validator;
        this.table = table;
    }

    /** A schema the channel can deliver with, or every reason it cannot (the channel then never delivers). */
    sealed interface Reading {
        record Usable(DeliverySchema schema) implements Reading {
        }

        record Unusable(List<String> reasons) implements Reading {
        }
    }

    static Reading read(String definition, String partitionColumn) {
        JsonNode document;
        try {
            document = definition == null ? null : RECORDS.readTree(definition);
        } catch (JsonProcessingException e) {
            return unusable("the definition is not JSON");
        }
        if (document == null || document.isMissingNode() || !document.isObject()) {
            return unusable("the definition is not a JSON Schema object");
        }
        // reference §4: draft-04 or draft-07 [SKILL]; a schema without "$schema" is read as draft-07 (the newer)
        JsonNode declared = document.get("$schema");
        Optional<SpecificationVersion> version = declared == null ? Optional.of(SpecificationVersion.DRAFT_7)
                : SpecificationVersion.fromDialectId(declared.asText()).filter(DIALECTS::containsKey);
        if (version.isEmpty()) {
            return unusable("\"$schema\" " + declared + " is not draft-04 or draft-07");
        }
        List<String> reasons = new ArrayList<>();
        for (Error e : metaSchema(version.get()).validate(document)) {
            reasons.add("not a valid " + version.get() + " schema at '" + e.getInstanceLocation() + "': " + e.getKeyword());
        }
        IcebergMapping.Result mapping = IcebergMapping.map(document, partitionColumn);
        reasons.addAll(mapping.problems());
        if (!reasons.isEmpty() || !mapping.usable()) {
            return new Reading.Unusable(List.copyOf(reasons));
        }
        // The registry resolves nothing remote (the mapping refused non-local $refs already); "$schema" is dropped
        // so the dialect chosen above applies, never one fetched by its URI.
        ObjectNode local = ((ObjectNode) document).deepCopy();
        local.remove("$schema");
        return new Reading.Usable(new DeliverySchema(registry(version.get()).getSchema(local), mapping.schema()));
    }

    /** The table a channel with this schema creates on first delivery. */
    org.apache.iceberg.Schema table() {
        return table;
    }

    /** Row or DLQ for one record value (UTF-8 JSON). */
    RecordDecoder.Decision decide(byte[] value) {
        if (value == null || value.length == 0) {
            return reject(DeliveryCode.MALFORMED_JSON, "", "JSON object", "empty", "Record value is empty");
        }
        JsonNode record;
        try {
            record = RECORDS.readTree(value);
        } catch (StreamConstraintsException e) {
            return reject(DeliveryCode.NESTING_TOO_DEEP, "", "at most " + IcebergMapping.MAX_NESTING + " levels",
                    "deeper", "Record value exceeds the JSON parser's limits");
        } catch (IOException e) {
            return reject(DeliveryCode.MALFORMED_JSON, "", "JSON object", "malformed", "Record value is not one JSON"
                    + " document" + (e instanceof JsonProcessingException j && j.getLocation() != null
                    ? " (line " + j.getLocation().getLineNr() + ", column " + j.getLocation().getColumnNr() + ")" : ""));
        }
        if (record == null || record.isMissingNode()) {
            return reject(DeliveryCode.MALFORMED_JSON, "", "JSON object", "empty", "Record value holds no JSON document");
        }
        String deep = beyondNesting(record, "", 1);
        if (deep != null) {
            return reject(DeliveryCode.NESTING_TOO_DEEP, deep, "at most " + IcebergMapping.MAX_NESTING + " levels",
                    "deeper", "Record nests deeper than " + IcebergMapping.MAX_NESTING + " levels at " + deep);
        }
        if (!record.isObject()) {
            return reject(DeliveryCode.NOT_AN_OBJECT, "", "object", IcebergValues.kind(record),
                    "Record value is a JSON " + IcebergValues.kind(record) + ", not an object (the table is a struct)");
        }
        List<Error> errors = validator.validate(record);
        if (!errors.isEmpty()) {
            return rejection(errors.get(0));
        }
        try {
            return new RecordDecoder.Decision.Row(IcebergValues.row(table, record), table);
        } catch (IcebergValues.Unwritable u) {
            return reject(u.code, u.pointer, u.expected, u.actual, "Field " + u.pointer + " (" + u.expected
                    + ") cannot hold the record's " + u.actual);
        }
    }

    /** A validator error as a DLQ cause: the keyword decides the code; the message names types, never values. */
    private static RecordDecoder.Decision rejection(Error e) {
        String keyword = e.getKeyword() == null ? "" : e.getKeyword();
        String at = e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
        String actual = IcebergValues.kind(e.getInstanceNode());
        JsonNode rule = e.getSchemaNode();
        return switch (keyword) {
            case "required" -> {
                String pointer = at + "/" + IcebergMapping.escape(e.getProperty());
                yield reject(DeliveryCode.MISSING_REQUIRED_FIELD, pointer, "required", "missing",
                        "Required field " + pointer + " is missing");
            }
            case "type" -> reject(DeliveryCode.TYPE_MISMATCH, at, text(rule), actual,
                    "Field " + at + " must be " + text(rule) + " but is " + actual);
            // contentEncoding is the mapping table's other way of declaring a binary (base64) string
            case "format", "contentEncoding" -> reject(DeliveryCode.INVALID_FORMAT, at, keyword + " " + text(rule),
                    actual, "Field " + at + " is not a valid " + text(rule));
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf" ->
                    reject(DeliveryCode.NUMBER_OUT_OF_RANGE, at, keyword + " " + text(rule), actual,
                            "Field " + at + " violates \"" + keyword + "\"");
            default -> reject(DeliveryCode.SCHEMA_VIOLATION, at, keyword, actual,
                    "Field " + at + " violates \"" + keyword + "\"");
        };
    }

    private static String text(JsonNode rule) {
        return rule == null ? "" : rule.isTextual() ? rule.asText() : rule.toString();
    }

    private static RecordDecoder.Decision reject(DeliveryCode code, String pointer, String expected, String actual,
                                                 String message) {
        return new RecordDecoder.Decision.Reject(code.code(), pointer, expected, actual, message);
    }

    /** The pointer of the first container below the nesting limit (the root object is level 1), or null. */
    private static String beyondNesting(JsonNode node, String pointer, int level) {
        if (!node.isContainerNode()) {
            return null;
        }
        if (level > IcebergMapping.MAX_NESTING) {
            return pointer;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String deep = beyondNesting(node.get(i), pointer + "/" + i, level + 1);
                if (deep != null) {
                    return deep;
                }
            }
        } else {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String deep = beyondNesting(e.getValue(), pointer + "/" + IcebergMapping.escape(e.getKey()), level + 1);
                if (deep != null) {
                    return deep;
                }
            }
        }
        return null;
    }

    private static Reading unusable(String reason) {
        return new Reading.Unusable(List.of(reason));
    }

    private static SchemaRegistry registry(SpecificationVersion version) {
        SchemaRegistryConfig config = SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER)
                .formatAssertionsEnabled(true).build();
        return SchemaRegistry.withDefaultDialect(DIALECTS.get(version), b -> b.schemaRegistryConfig(config)
                .schemaLoader(l -> l.fetchRemoteResources(false)));
    }

    private static Schema metaSchema(SpecificationVersion version) {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(version,
                b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).build()));
        return registry.getSchema(SchemaLocation.of(version.getDialectId()));
    }

    /**
     * The draft's formats, with two of the service's own: {@code time} maps to Iceberg's zone-less {@code time}, so
     * an RFC 3339 partial-time (no offset) is a valid value, not only a full-time; {@code byte} (the OpenAPI name the
     * mapping table uses for base64) must decode as standard base64.
     */
    private static Dialect withDeliveryFormats(Dialect draft) {
        return Dialect.builder(draft).format(new NamedFormat("time", DeliverySchema::isTimeOfDay))
                .format(new NamedFormat("byte", DeliverySchema::isBase64)).build();
    }

    private static boolean isTimeOfDay(String s) {
        try {
            OffsetTime.parse(s);
            return true;
        } catch (DateTimeParseException withoutOffset) {
            try {
                LocalTime.parse(s);
                return true;
            } catch (DateTimeParseException e) {
                return false;
            }
        }
    }

    private static boolean isBase64(String s) {
        try {
            Base64.getDecoder().decode(s);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private record NamedFormat(String getName, java.util.function.Predicate<String> test) implements Format {
        @Override
        public boolean matches(ExecutionContext context, String value) {
            return test.test(value);
        }
    }
}
