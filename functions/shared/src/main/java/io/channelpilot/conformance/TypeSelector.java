package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.conformance.SchemaRefs.Located;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides which single JSON type a (resolved) schema node stands for, and the Iceberg type of primitives, per the
 * reference §4 table. Unions other than "T or null" have no single Iceberg type and are reported, never guessed
 * (the silent fallback to string in Iceberg's Kafka Connect {@code SchemaUtils} is what we avoid).
 */
final class TypeSelector {

    /**
     * Outcome for one schema node: either {@code branch} (a composition with exactly one non-null alternative, to be
     * mapped in its place) or a {@code jsonType} with, for primitives, the Iceberg {@code primitive}.
     */
    record Selection(String jsonType, IcebergType primitive, Located schema, boolean nullable, Located branch) {
    }

    private static final String[] COMPOSITIONS = {"oneOf", "anyOf", "allOf"};
    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);

    private final ConformanceOptions options;
    private final List<SchemaProblem> problems;

    TypeSelector(ConformanceOptions options, List<SchemaProblem> problems) {
        this.options = options;
        this.problems = problems;
    }

    Selection select(Located located, String columnPath) {
        JsonNode node = located.node();
        if (!node.isObject()) {
            return unmappable(located, columnPath, "a boolean or non-object schema has no type");
        }
        if (!declaresOwnShape(node)) {
            for (String keyword : COMPOSITIONS) {
                if (node.has(keyword)) {
                    return composition(located, keyword, columnPath);
                }
            }
        }
        boolean nullable = false;
        String type = null;
        JsonNode typeNode = node.get("type");
        if (typeNode != null && typeNode.isTextual()) {
            type = typeNode.textValue();
        } else if (typeNode != null && typeNode.isArray()) {
            List<String> nonNull = new ArrayList<>();
            for (JsonNode t : typeNode) {
                if (!t.isTextual()) {
                    return unmappable(located, columnPath, "\"type\" array entries must be strings");
                }
                if ("null".equals(t.textValue())) {
                    nullable = true;
                } else {
                    nonNull.add(t.textValue());
                }
            }
            if (nonNull.size() != 1) {
                return unmappable(located, columnPath, nonNull.isEmpty()
                        ? "\"type\" allows only null; a column needs a value type"
                        : "\"type\": " + typeNode + " is a union of several types; Iceberg columns have exactly one");
            }
            type = nonNull.get(0);
        } else if (typeNode != null) {
            return unmappable(located, columnPath, "\"type\" must be a string or an array of strings");
        }
        if (node.has("enum") || node.has("const")) {
            return enumeration(located, columnPath, nullable || enumAllowsNull(node));
        }
        if (type == null) {
            type = inferType(node);
            if (type == null) {
                return unmappable(located, columnPath, "no \"type\" (and no properties, items or enum to infer it from)");
            }
        }
        switch (type) {
            case "object":
            case "array":
                return new Selection(type, null, located, nullable, null);
            case "string":
                return primitive(type, stringType(node), located, nullable);
            case "integer":
                return primitive(type, integerType(located, columnPath), located, nullable);
            case "number":
                IcebergType number = numberType(located, columnPath);
                return number == null ? null : primitive(type, number, located, nullable);
            case "boolean":
                return primitive(type, IcebergType.BOOLEAN, located, nullable);
            case "null":
                return unmappable(located, columnPath, "\"type\": \"null\" only; a column needs a value type");
            default:
                return unmappable(located, columnPath, "unknown JSON type \"" + type + "\"");
        }
    }

    private Selection composition(Located located, String keyword, String columnPath) {
        JsonNode branches = located.node().get(keyword);
        if (!branches.isArray() || branches.isEmpty()) {
            return unmappable(located, columnPath, "\"" + keyword + "\" must be a non-empty array");
        }
        boolean nullable = false;
        Located only = null;
        int nonNull = 0;
        for (int i = 0; i < branches.size(); i++) {
            JsonNode branch = branches.get(i);
            if (branch.isObject() && "null".equals(branch.path("type").textValue())) {
                nullable = true;
                continue;
            }
            nonNull++;
            only = new Located(branch, JsonPointers.child(JsonPointers.child(located.pointer(), keyword), i));
        }
        if (nonNull != 1) {
            return unmappable(located, columnPath, "\"" + keyword + "\" has " + nonNull + " non-null alternatives;"
                    + " only a single alternative (optionally with {\"type\": \"null\"}) maps to one Iceberg type");
        }
        return new Selection(null, null, null, nullable, only);
    }

    private Selection enumeration(Located located, String columnPath, boolean nullable) {
        JsonNode node = located.node();
        JsonNode values = node.has("enum") ? node.get("enum") : null;
        boolean allStrings = true;
        if (values != null && values.isArray()) {
            for (JsonNode value : values) {
                allStrings &= value.isTextual() || value.isNull();
            }
        } else if (values == null) {
            allStrings = node.get("const").isTextual();
        }
        if (!allStrings) {
            problems.add(SchemaProblem.of(ConformanceCode.ENUM_NOT_STRING, located.pointer(),
                    "Column '" + columnPath + "' is an enum with non-string values; enums map to string and only JSON"
                            + " strings conform"));
        }
        return primitive("string", IcebergType.STRING, located, nullable);
    }

    /**
     * A node with its own type (or shape keywords) keeps it; oneOf/anyOf/allOf beside it only add validation
     * constraints (e.g. {@code anyOf: [{required: [a]}, {required: [b]}]}), which conformance does not enforce.
     */
    private static boolean declaresOwnShape(JsonNode node) {
        return node.has("type") || node.has("properties") || node.has("items") || node.has("enum") || node.has("const")
                || node.path("additionalProperties").isObject();
    }

    private static boolean enumAllowsNull(JsonNode node) {
        JsonNode values = node.get("enum");
        if (values != null && values.isArray()) {
            for (JsonNode value : values) {
                if (value.isNull()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String inferType(JsonNode node) {
        if (node.has("properties") || node.path("additionalProperties").isObject()) {
            return "object";
        }
        return node.has("items") ? "array" : null;
    }

    /** Reference §4: date-time → timestamptz, date, time, uuid, byte or contentEncoding base64 → binary. */
    private static IcebergType stringType(JsonNode node) {
        String format = node.path("format").asText("");
        switch (format) {
            case "date-time":
                return IcebergType.TIMESTAMPTZ;
            case "date":
                return IcebergType.DATE;
            case "time":
                return IcebergType.TIME;
            case "uuid":
                return IcebergType.UUID;
            case "byte":
                return IcebergType.BINARY;
            default:
                String encoding = node.path("contentEncoding").asText("");
                return "base64".equals(encoding.toLowerCase(Locale.ROOT)) ? IcebergType.BINARY : IcebergType.STRING;
        }
    }

    /**
     * Reference §4: int when the value range fits 32 bits, long when it exceeds. The range is known only when both
     * bounds are declared; otherwise {@link ConformanceOptions#unboundedInteger()} decides (UNCONFIRMED) and we say so.
     */
    private IcebergType integerType(Located located, String columnPath) {
        IntegerBounds bounds = IntegerBounds.of(located.node());
        boolean lowerFits = bounds.lower() == null || bounds.lower().compareTo(INT_MIN) >= 0;
        boolean upperFits = bounds.upper() == null || bounds.upper().compareTo(INT_MAX) <= 0;
        if (!lowerFits || !upperFits) {
            return IcebergType.LONG;
        }
        if (bounds.lower() != null && bounds.upper() != null) {
            return IcebergType.INT;
        }
        IcebergType assumed = options.unboundedInteger() == ConformanceOptions.IntegerWidth.INT
                ? IcebergType.INT : IcebergType.LONG;
        problems.add(SchemaProblem.of(ConformanceCode.INTEGER_WIDTH_ASSUMED, located.pointer(),
                "Column '" + columnPath + "' is an integer without both \"minimum\" and \"maximum\"; mapped to "
                        + assumed.render() + " (assumption, not documented by MSK)"));
        return assumed;
    }

    /** Reference §4: number with multipleOf → decimal(38, scale of multipleOf), plain number → double. */
    private IcebergType numberType(Located located, String columnPath) {
        JsonNode multipleOf = located.node().get("multipleOf");
        if (multipleOf == null) {
            return IcebergType.DOUBLE;
        }
        if (!multipleOf.isNumber() || multipleOf.decimalValue().signum() <= 0) {
            unmappable(located, columnPath, "\"multipleOf\" must be a number greater than 0");
            return null;
        }
        int scale = Math.max(0, multipleOf.decimalValue().stripTrailingZeros().scale());
        if (scale > IcebergType.DECIMAL_PRECISION) {
            unmappable(located, columnPath, "\"multipleOf\" implies scale " + scale + ", above the maximum decimal"
                    + " precision " + IcebergType.DECIMAL_PRECISION);
            return null;
        }
        return IcebergType.decimal(scale);
    }

    private static Selection primitive(String jsonType, IcebergType type, Located located, boolean nullable) {
        return new Selection(jsonType, type, located, nullable, null);
    }

    private Selection unmappable(Located located, String columnPath, String why) {
        problems.add(SchemaProblem.of(ConformanceCode.UNMAPPABLE_TYPE, located.pointer(),
                "Column '" + columnPath + "' cannot be mapped to an Iceberg type: " + why));
        return null;
    }
}
