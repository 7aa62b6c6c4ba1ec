package io.channelpilot.local.world.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * The world's reading of the service's table mapping (reference §4 type-mapping table, required columns, partition
 * column, nesting limit), written from the reference and not from the product's conformance classes, so that the two
 * can disagree (docs/conformance.md, "Product vs world"). Field ids are assigned by Iceberg itself
 * ({@link TypeUtil#assignFreshIds}), as a table created from this schema would get them.
 *
 * <p>What the reference's table names is mapped; anything else (type unions, a property without a type, an array
 * without an item schema, an object with neither named properties nor an {@code additionalProperties} schema, a
 * {@code $ref} that does not resolve inside the document or that recurses) makes the schema unusable: the channel
 * cannot create its table.
 */
final class IcebergMapping {

    /** Reference §3/§4: "more than 16 levels is not supported"; the root object counts as level 1. */
    static final int MAX_NESTING = 16;
    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
    /** decimal(38, s): the scale must leave room inside Iceberg's maximum precision. */
    private static final int MAX_DECIMAL_PRECISION = 38;

    private final JsonNode document;
    private final List<String> problems = new ArrayList<>();
    private final Deque<String> expanding = new ArrayDeque<>();
    private final AtomicInteger provisionalIds = new AtomicInteger();

    private IcebergMapping(JsonNode document) {
        this.document = document;
    }

    /** The table schema, or the reasons there is none. */
    record Result(Schema schema, List<String> problems) {
        boolean usable() {
            return schema != null && problems.isEmpty();
        }
    }

    static Result map(JsonNode document, String partitionColumn) {
        IcebergMapping m = new IcebergMapping(document);
        Schema schema = m.root(partitionColumn);
        return new Result(m.problems.isEmpty() ? schema : null, List.copyOf(m.problems));
    }

    private Schema root(String partitionColumn) {
        JsonNode root = document;
        String where = "";
        Set<String> seen = new HashSet<>();
        while (root.has("$ref")) {
            String target = root.get("$ref").asText();
            JsonNode next = target.startsWith("#") && seen.add(target) ? document.at(target.substring(1)) : null;
            if (next == null || next.isMissingNode()) {
                problems.add("'" + where + "/$ref': " + target + " does not resolve to a schema inside the document");
                return null;
            }
            root = next;
            where = target.substring(1);
            expanding.push(target); // the root stays expanded: a property referring back to it recurses
        }
        if (!root.path("properties").isObject() || root.path("properties").isEmpty()) {
            problems.add("root at '" + where + "' is not an object with named properties (the table is a struct)");
            return null;
        }
        Types.StructType struct = struct(root, where, 1, partitionColumn);
        if (struct == null) {
            return null;
        }
        Types.NestedField partition = struct.field(partitionColumn);
        if (partition == null) {
            problems.add("partition column '" + partitionColumn + "' is not a top-level property");
        } else if (!partition.type().equals(Types.TimestampType.withZone())) {
            problems.add("partition column '" + partitionColumn + "' maps to " + partition.type()
                    + ", not timestamptz (string + format date-time)");
        }
        return TypeUtil.assignFreshIds(new Schema(struct.fields()), new AtomicInteger()::incrementAndGet);
    }

    /** Reference §4 "Required columns" and "Partition key column". */
    private Types.StructType struct(JsonNode object, String pointer, int level, String partitionColumn) {
        Set<String> required = new HashSet<>();
        object.path("required").forEach(n -> required.add(n.asText()));
        if (partitionColumn != null) {
            required.add(partitionColumn);
        }
        List<Types.NestedField> fields = new ArrayList<>();
        for (Map.Entry<String, JsonNode> p : object.path("properties").properties()) {
            String at = pointer + "/properties/" + escape(p.getKey());
            Column c = column(p.getValue(), at, level + 1);
            if (c == null) {
                continue;
            }
            int id = provisionalIds.incrementAndGet();
            String doc = p.getValue().path("description").isTextual() ? p.getValue().path("description").asText() : null;
            fields.add(required.contains(p.getKey()) ? Types.NestedField.required(id, p.getKey(), c.type(), doc)
                    : Types.NestedField.optional(id, p.getKey(), c.type(), doc));
        }
        return fields.size() == object.path("properties").size() ? Types.StructType.of(fields) : null;
    }

    /** A column type and whether its schema admits JSON null. */
    private record Column(Type type, boolean nullable) {
    }

    /**
     * Follows a {@code $ref} inside the document (JSON pointer fragments only: nothing is fetched); the target stays on
     * {@link #expanding} while it is mapped, so a reference back into itself is reported instead of looping.
     */
    private Column column(JsonNode schema, String pointer, int level) {
        JsonNode ref = schema.get("$ref");
        if (ref == null) {
            return typed(schema, pointer, level);
        }
        String target = ref.asText();
        if (!target.startsWith("#")) {
            problems.add("'" + pointer + "/$ref': " + target + " is not a reference inside the document");
            return null;
        }
        if (expanding.contains(target) || "#".equals(target)) {
            problems.add("'" + pointer + "/$ref': " + target + " recurses (a table has no recursive types)");
            return null;
        }
        JsonNode resolved = document.at(target.substring(1));
        if (resolved.isMissingNode()) {
            problems.add("'" + pointer + "/$ref': " + target + " does not resolve");
            return null;
        }
        expanding.push(target);
        try {
            return column(resolved, target.substring(1), level);
        } finally {
            expanding.pop();
        }
    }

    private Column typed(JsonNode node, String at, int level) {
        JsonNode type = node.get("type");
        if (type == null) {
            return untyped(node, at, level);
        }
        boolean nullable = false;
        String name = null;
        if (type.isTextual()) {
            name = type.asText();
        } else if (type.isArray()) {
            List<String> nonNull = new ArrayList<>();
            for (JsonNode t : type) {
                if ("null".equals(t.asText())) {
                    nullable = true;
                } else {
                    nonNull.add(t.asText());
                }
            }
            name = nonNull.size() == 1 ? nonNull.get(0) : null;
        }
        if (name == null || "null".equals(name)) {
            problems.add("'" + at + "': type " + type + " is not one JSON Schema type of the mapping table");
            return null;
        }
        Type mapped = switch (name) {
            case "string" -> string(node);
            case "integer" -> integer(node);
            case "number" -> number(node, at);
            case "boolean" -> Types.BooleanType.get();
            case "object" -> object(node, at, level);
            case "array" -> array(node, at, level);
            default -> {
                problems.add("'" + at + "': type " + name + " is not in the mapping table");
                yield null;
            }
        };
        return mapped == null ? null : new Column(mapped, nullable);
    }

    /** No {@code type}: an enum is a string column; a nullable alternative ({@code oneOf}/{@code anyOf} of T and null). */
    private Column untyped(JsonNode node, String at, int level) {
        if (node.has("enum")) {
            return new Column(Types.StringType.get(), containsNull(node.get("enum")));
        }
        for (String keyword : List.of("oneOf", "anyOf")) {
            JsonNode branches = node.get(keyword);
            if (branches != null && branches.isArray()) {
                List<JsonNode> nonNull = new ArrayList<>();
                boolean nullable = false;
                for (JsonNode b : branches) {
                    if ("null".equals(b.path("type").asText())) {
                        nullable = true;
                    } else {
                        nonNull.add(b);
                    }
                }
                if (nonNull.size() == 1) {
                    Column c = column(nonNull.get(0), at + "/" + keyword, level);
                    return c == null ? null : new Column(c.type(), nullable || c.nullable());
                }
            }
        }
        problems.add("'" + at + "': no single type to map (no \"type\", enum or one nullable alternative)");
        return null;
    }

    private static Type string(JsonNode node) {
        if ("base64".equals(node.path("contentEncoding").asText())) {
            return Types.BinaryType.get();
        }
        return switch (node.path("format").asText()) {
            case "date-time" -> Types.TimestampType.withZone();
            case "date" -> Types.DateType.get();
            case "time" -> Types.TimeType.get();
            case "uuid" -> Types.UUIDType.get();
            case "byte" -> Types.BinaryType.get();
            default -> Types.StringType.get();
        };
    }

    /** "fits in 32-bit range": both declared bounds inside int; otherwise (or unbounded) long. */
    private static Type integer(JsonNode node) {
        BigDecimal low = bound(node, "minimum", "exclusiveMinimum", BigDecimal.ONE);
        BigDecimal high = bound(node, "maximum", "exclusiveMaximum", BigDecimal.ONE.negate());
        boolean fits = low != null && high != null && low.compareTo(INT_MIN) >= 0 && high.compareTo(INT_MAX) <= 0;
        return fits ? Types.IntegerType.get() : Types.LongType.get();
    }

    /** The tightest integer bound: draft-07 numeric exclusives, draft-04 boolean exclusives. */
    private static BigDecimal bound(JsonNode node, String inclusive, String exclusive, BigDecimal step) {
        BigDecimal out = null;
        JsonNode in = node.get(inclusive);
        JsonNode ex = node.get(exclusive);
        if (in != null && in.isNumber()) {
            out = in.decimalValue();
            if (ex != null && ex.isBoolean() && ex.booleanValue()) {
                out = out.add(step);
            }
        }
        if (ex != null && ex.isNumber()) {
            BigDecimal e = ex.decimalValue().add(step);
            out = out == null ? e : step.signum() > 0 ? out.max(e) : out.min(e);
        }
        return out;
    }

    /** decimal(38, scale of multipleOf) or double. */
    private Type number(JsonNode node, String at) {
        JsonNode multipleOf = node.get("multipleOf");
        if (multipleOf == null || !multipleOf.isNumber()) {
            return Types.DoubleType.get();
        }
        int scale = Math.max(0, multipleOf.decimalValue().stripTrailingZeros().scale());
        if (scale > MAX_DECIMAL_PRECISION) {
            problems.add("'" + at + "': multipleOf " + multipleOf + " needs scale " + scale + ", beyond decimal(38, s)");
            return null;
        }
        return Types.DecimalType.of(MAX_DECIMAL_PRECISION, scale);
    }

    private Type object(JsonNode node, String at, int level) {
        if (!nestingAllowed(at, level)) {
            return null;
        }
        if (node.path("properties").isObject() && !node.path("properties").isEmpty()) {
            return struct(node, at, level, null);
        }
        JsonNode values = node.get("additionalProperties");
        if (values != null && values.isObject()) {
            Column v = column(values, at + "/additionalProperties", level + 1);
            if (v == null) {
                return null;
            }
            int key = provisionalIds.incrementAndGet();
            int value = provisionalIds.incrementAndGet();
            return v.nullable() ? Types.MapType.ofOptional(key, value, Types.StringType.get(), v.type())
                    : Types.MapType.ofRequired(key, value, Types.StringType.get(), v.type());
        }
        problems.add("'" + at + "': object with neither named properties nor an additionalProperties schema");
        return null;
    }

    private Type array(JsonNode node, String at, int level) {
        if (!nestingAllowed(at, level)) {
            return null;
        }
        JsonNode items = node.get("items");
        if (items == null || !items.isObject()) {
            problems.add("'" + at + "': array without one item schema");
            return null;
        }
        Column e = column(items, at + "/items", level + 1);
        if (e == null) {
            return null;
        }
        int id = provisionalIds.incrementAndGet();
        return e.nullable() ? Types.ListType.ofOptional(id, e.type()) : Types.ListType.ofRequired(id, e.type());
    }

    private boolean nestingAllowed(String at, int level) {
        if (level > MAX_NESTING) {
            problems.add("'" + at + "': nests deeper than " + MAX_NESTING + " levels");
            return false;
        }
        return true;
    }

    private static boolean containsNull(JsonNode values) {
        for (JsonNode v : values) {
            if (v.isNull()) {
                return true;
            }
        }
        return false;
    }

    static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
