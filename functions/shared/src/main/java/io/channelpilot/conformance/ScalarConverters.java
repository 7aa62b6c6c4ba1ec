package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.UUID;

/** Converters for the string-based and boolean rows of the reference §4 table (numbers: {@link NumberConverters}). */
final class ScalarConverters {

    private ScalarConverters() {
    }

    static ValueConverter forPrimitive(IcebergType type, SchemaDraft draft) {
        String expected = ValueConverter.expectedFor(type);
        if (type instanceof IcebergType.StringType) {
            return new Text(expected);
        } else if (type instanceof IcebergType.TimestamptzType) {
            return new Timestamptz(expected);
        } else if (type instanceof IcebergType.DateType) {
            return new Date(expected);
        } else if (type instanceof IcebergType.TimeType) {
            return new Time(expected);
        } else if (type instanceof IcebergType.UuidType) {
            return new Uuid(expected);
        } else if (type instanceof IcebergType.BinaryType) {
            return new Binary(expected);
        } else if (type instanceof IcebergType.IntType) {
            return new NumberConverters.Int(expected, draft.acceptsIntegralFloatAsInteger());
        } else if (type instanceof IcebergType.LongType) {
            return new NumberConverters.Long64(expected, draft.acceptsIntegralFloatAsInteger());
        } else if (type instanceof IcebergType.DecimalType decimal) {
            return new NumberConverters.Decimal(expected, decimal.precision(), decimal.scale());
        } else if (type instanceof IcebergType.DoubleType) {
            return new NumberConverters.Double64(expected);
        } else if (type instanceof IcebergType.BooleanType) {
            return new Bool(expected);
        }
        throw new IllegalArgumentException("not a primitive type: " + type.render());
    }

    static final class Text extends ValueConverter {
        Text(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isTextual()) {
                throw mismatch(node);
            }
            return node.textValue();
        }
    }

    /** timestamptz: RFC 3339 date-time with an offset, normalised to UTC (Iceberg stores UTC micros). */
    static final class Timestamptz extends ValueConverter {
        Timestamptz(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isTextual()) {
                throw mismatch(node);
            }
            OffsetDateTime value = Rfc3339.dateTime(node.textValue());
            if (value == null) {
                throw invalid(node, "is not an RFC 3339 date-time with a UTC offset");
            }
            return value;
        }
    }

    static final class Date extends ValueConverter {
        Date(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isTextual()) {
                throw mismatch(node);
            }
            LocalDate value = Rfc3339.date(node.textValue());
            if (value == null) {
                throw invalid(node, "is not an RFC 3339 full-date (yyyy-MM-dd)");
            }
            return value;
        }
    }

    /** time: Iceberg time has no zone; a time with an offset is normalised to UTC (our assumption, UNCONFIRMED). */
    static final class Time extends ValueConverter {
        Time(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isTextual()) {
                throw mismatch(node);
            }
            LocalTime value = Rfc3339.time(node.textValue());
            if (value == null) {
                throw invalid(node, "is not an RFC 3339 time (HH:mm:ss[.fraction][offset])");
            }
            return value;
        }
    }

    /** uuid: the canonical 8-4-4-4-12 hex form only ({@code UUID.fromString} alone also takes "1-2-3-4-5"). */
    static final class Uuid extends ValueConverter {
        Uuid(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isTextual()) {
                throw mismatch(node);
            }
            String text = node.textValue();
            if (!isCanonicalUuid(text)) {
                throw invalid(node, "is not a canonical UUID (8-4-4-4-12 hex digits)");
            }
            return UUID.fromString(text);
        }

        static boolean isCanonicalUuid(String text) {
            if (text.length() != 36) {
                return false;
            }
            for (int i = 0; i < 36; i++) {
                char c = text.charAt(i);
                boolean hyphenSlot = i == 8 || i == 13 || i == 18 || i == 23;
                boolean hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
                if (hyphenSlot ? c != '-' : !hex) {
                    return false;
                }
            }
            return true;
        }
    }

    /** binary: standard-alphabet base64 (RFC 4648 §4; padding optional, as java.util.Base64 decodes it). */
    static final class Binary extends ValueConverter {
        Binary(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isTextual()) {
                throw mismatch(node);
            }
            try {
                return ByteBuffer.wrap(Base64.getDecoder().decode(node.textValue()));
            } catch (IllegalArgumentException e) {
                throw invalid(node, "is not standard base64");
            }
        }
    }

    static final class Bool extends ValueConverter {
        Bool(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isBoolean()) {
                throw mismatch(node);
            }
            return node.booleanValue();
        }
    }
}
