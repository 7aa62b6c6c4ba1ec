package io.channelpilot.local.world.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Turns a validated record into an Iceberg row (Iceberg's generic value classes; structs as maps), applying what the
 * column types themselves cannot hold: int/long overflow, decimal precision and scale, double overflow, and values
 * the date/time/uuid/binary columns cannot parse. A record the JSON Schema validator accepted can still fail here:
 * the table, not the schema, has the last word (reference §4, "Iceberg type mapping").
 */
final class IcebergValues {

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final Pattern UUID_TEXT = Pattern.compile(
            "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

    private IcebergValues() {
    }

    /** Why a value cannot be written; carries no record content. */
    static final class Unwritable extends Exception {
        final DeliveryCode code;
        final String pointer;
        final String expected;
        final String actual;

        Unwritable(DeliveryCode code, String pointer, String expected, String actual) {
            super(null, null, false, false);
            this.code = code;
            this.pointer = pointer;
            this.expected = expected;
            this.actual = actual;
        }
    }

    static Map<String, Object> row(Schema schema, JsonNode record) throws Unwritable {
        return struct(schema.asStruct(), record, "");
    }

    private static Map<String, Object> struct(Types.StructType type, JsonNode object, String pointer) throws Unwritable {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Types.NestedField f : type.fields()) {
            String at = pointer + "/" + IcebergMapping.escape(f.name());
            JsonNode v = object.get(f.name());
            if (v == null || v.isNull()) {
                if (f.isRequired()) {
                    throw new Unwritable(DeliveryCode.MISSING_REQUIRED_FIELD, at, f.type().toString(),
                            v == null ? "missing" : "null");
                }
                out.put(f.name(), null);
            } else {
                out.put(f.name(), value(f.type(), v, at));
            }
        }
        return out;
    }

    private static Object value(Type type, JsonNode v, String at) throws Unwritable {
        return switch (type.typeId()) {
            case STRING -> text(type, v, at);
            case BOOLEAN -> {
                expect(v.isBoolean(), type, v, at);
                yield v.booleanValue();
            }
            case INTEGER -> {
                BigInteger n = integral(type, v, at);
                if (n.bitLength() > 31) {
                    throw new Unwritable(DeliveryCode.NUMBER_OUT_OF_RANGE, at, "int", kind(v));
                }
                yield n.intValue();
            }
            case LONG -> {
                BigInteger n = integral(type, v, at);
                if (n.compareTo(LONG_MIN) < 0 || n.compareTo(LONG_MAX) > 0) {
                    throw new Unwritable(DeliveryCode.NUMBER_OUT_OF_RANGE, at, "long", kind(v));
                }
                yield n.longValue();
            }
            case DOUBLE -> {
                expect(v.isNumber(), type, v, at);
                double d = v.decimalValue().doubleValue();
                if (Double.isInfinite(d)) {
                    throw new Unwritable(DeliveryCode.NUMBER_OUT_OF_RANGE, at, "double", kind(v));
                }
                yield d;
            }
            case DECIMAL -> decimal((Types.DecimalType) type, v, at);
            case TIMESTAMP -> parsed(type, v, at, s -> OffsetDateTime.parse(s).withOffsetSameInstant(ZoneOffset.UTC));
            case DATE -> parsed(type, v, at, LocalDate::parse);
            case TIME -> parsed(type, v, at, IcebergValues::timeOfDay);
            case UUID -> parsed(type, v, at, s -> {
                if (!UUID_TEXT.matcher(s).matches()) {
                    throw new IllegalArgumentException("not canonical");
                }
                return UUID.fromString(s);
            });
            case BINARY -> parsed(type, v, at, s -> ByteBuffer.wrap(Base64.getDecoder().decode(s)));
            case STRUCT -> {
                expect(v.isObject(), type, v, at);
                yield struct(type.asStructType(), v, at);
            }
            case LIST -> {
                expect(v.isArray(), type, v, at);
                Types.NestedField element = type.asListType().fields().get(0);
                List<Object> out = new ArrayList<>();
                for (int i = 0; i < v.size(); i++) {
                    out.add(nested(element, v.get(i), at + "/" + i));
                }
                yield out;
            }
            case MAP -> {
                expect(v.isObject(), type, v, at);
                Types.NestedField valueField = type.asMapType().fields().get(1);
                Map<String, Object> out = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> e : v.properties()) {
                    out.put(e.getKey(), nested(valueField, e.getValue(), at + "/" + IcebergMapping.escape(e.getKey())));
                }
                yield out;
            }
            default -> throw new IllegalStateException("the world maps no JSON Schema type to " + type);
        };
    }

    private static Object nested(Types.NestedField field, JsonNode v, String at) throws Unwritable {
        if (v.isNull()) {
            if (field.isRequired()) {
                throw new Unwritable(DeliveryCode.TYPE_MISMATCH, at, field.type().toString(), "null");
            }
            return null;
        }
        return value(field.type(), v, at);
    }

    private static String text(Type type, JsonNode v, String at) throws Unwritable {
        expect(v.isTextual(), type, v, at);
        return v.textValue();
    }

    private static BigInteger integral(Type type, JsonNode v, String at) throws Unwritable {
        expect(v.isNumber(), type, v, at);
        BigDecimal d = v.decimalValue();
        try {
            return d.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new Unwritable(DeliveryCode.TYPE_MISMATCH, at, type.toString(), "number");
        }
    }

    /** decimal(P, S): more fraction digits than S or more than P digits in all cannot be written without rounding. */
    private static BigDecimal decimal(Types.DecimalType type, JsonNode v, String at) throws Unwritable {
        expect(v.isNumber(), type, v, at);
        BigDecimal d = v.decimalValue();
        BigDecimal scaled;
        try {
            scaled = d.setScale(type.scale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new Unwritable(DeliveryCode.NUMBER_OUT_OF_RANGE, at, type.toString(), kind(v));
        }
        if (scaled.precision() > type.precision()) {
            throw new Unwritable(DeliveryCode.NUMBER_OUT_OF_RANGE, at, type.toString(), kind(v));
        }
        return scaled;
    }

    /** Iceberg {@code time} has no zone: an offset is applied (normalised to UTC), a time without one is taken as is. */
    private static LocalTime timeOfDay(String s) {
        try {
            return OffsetTime.parse(s).withOffsetSameInstant(ZoneOffset.UTC).toLocalTime();
        } catch (DateTimeParseException withoutOffset) {
            return LocalTime.parse(s);
        }
    }

    private interface Parser {
        Object parse(String text);
    }

    private static Object parsed(Type type, JsonNode v, String at, Parser parser) throws Unwritable {
        String s = text(type, v, at);
        try {
            return parser.parse(s);
        } catch (RuntimeException e) {
            throw new Unwritable(DeliveryCode.INVALID_FORMAT, at, type.toString(), "string");
        }
    }

    private static void expect(boolean ok, Type type, JsonNode v, String at) throws Unwritable {
        if (!ok) {
            throw new Unwritable(DeliveryCode.TYPE_MISMATCH, at, type.toString(), kind(v));
        }
    }

    /** The JSON type of a value (never the value). */
    static String kind(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "missing";
        }
        if (v.isIntegralNumber() || v.isNumber() && isWhole(v.decimalValue())) {
            return "integer";
        }
        return switch (v.getNodeType()) {
            case NUMBER -> "number";
            case STRING -> "string";
            case BOOLEAN -> "boolean";
            case OBJECT -> "object";
            case ARRAY -> "array";
            case NULL -> "null";
            default -> "other";
        };
    }

    private static boolean isWhole(BigDecimal d) {
        return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
    }
}
