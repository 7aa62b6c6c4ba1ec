package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;
import java.util.Base64;
import java.util.UUID;

/** Converters for the primitive rows of the reference §4 table. Formatters are built once (class init). */
final class ScalarConverters {

    /** RFC 3339 full-time (offset) or partial-time (no offset); 'T'/'Z' case-insensitive as RFC 3339 allows. */
    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .append(DateTimeFormatter.ISO_LOCAL_TIME)
            .optionalStart().appendOffsetId().optionalEnd()
            .toFormatter();

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
            return new Int(expected, draft.acceptsIntegralFloatAsInteger());
        } else if (type instanceof IcebergType.LongType) {
            return new Long64(expected, draft.acceptsIntegralFloatAsInteger());
        } else if (type instanceof IcebergType.DecimalType decimal) {
            return new Decimal(expected, decimal.precision(), decimal.scale());
        } else if (type instanceof IcebergType.DoubleType) {
            return new Double64(expected);
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
            try {
                return OffsetDateTime.parse(node.textValue(), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                        .withOffsetSameInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                throw invalid(node, "is not an RFC 3339 date-time with a UTC offset");
            }
        }
    }

    static final class Date extends ValueConverter {
        Date(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isTextual()) {
                throw mismatch(node);
            }
            try {
                return LocalDate.parse(node.textValue(), DateTimeFormatter.ISO_LOCAL_DATE);
            } catch (DateTimeParseException e) {
                throw invalid(node, "is not an ISO 8601 date (yyyy-MM-dd)");
            }
        }
    }

    /** time: Iceberg time has no zone; a time with an offset is normalised to UTC (our assumption, UNCONFIRMED). */
    static final class Time extends ValueConverter {
        Time(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isTextual()) {
                throw mismatch(node);
            }
            try {
                TemporalAccessor parsed = TIME.parseBest(node.textValue(), OffsetTime::from, LocalTime::from);
                return parsed instanceof OffsetTime offset
                        ? offset.withOffsetSameInstant(ZoneOffset.UTC).toLocalTime()
                        : (LocalTime) parsed;
            } catch (DateTimeParseException e) {
                throw invalid(node, "is not an RFC 3339 time (HH:mm:ss[.fraction][offset])");
            }
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

    static final class Int extends ValueConverter {
        private final boolean integralFloats;

        Int(String expected, boolean integralFloats) {
            super(expected);
            this.integralFloats = integralFloats;
        }

        Object convert(JsonNode node) {
            if (node.isIntegralNumber()) {
                if (!node.canConvertToInt()) {
                    throw outOfRange(node, "does not fit int (32-bit)");
                }
                return node.intValue();
            }
            if (integralFloats && node.isNumber() && JsonTypes.isIntegral(node)) {
                try {
                    return node.decimalValue().intValueExact();
                } catch (ArithmeticException e) {
                    throw outOfRange(node, "does not fit int (32-bit)");
                }
            }
            throw mismatch(node);
        }
    }

    static final class Long64 extends ValueConverter {
        private final boolean integralFloats;

        Long64(String expected, boolean integralFloats) {
            super(expected);
            this.integralFloats = integralFloats;
        }

        Object convert(JsonNode node) {
            if (node.isIntegralNumber()) {
                if (!node.canConvertToLong()) {
                    throw outOfRange(node, "does not fit long (64-bit)");
                }
                return node.longValue();
            }
            if (integralFloats && node.isNumber() && JsonTypes.isIntegral(node)) {
                try {
                    return node.decimalValue().longValueExact();
                } catch (ArithmeticException e) {
                    throw outOfRange(node, "does not fit long (64-bit)");
                }
            }
            throw mismatch(node);
        }
    }

    /**
     * decimal(38, s): any JSON number with at most s significant fraction digits and at most 38 digits in total;
     * returned with exactly scale s. More fraction digits are rejected, never rounded.
     */
    static final class Decimal extends ValueConverter {
        private final int precision;
        private final int scale;

        Decimal(String expected, int precision, int scale) {
            super(expected);
            this.precision = precision;
            this.scale = scale;
        }

        Object convert(JsonNode node) {
            if (!node.isNumber()) {
                throw mismatch(node);
            }
            BigDecimal value = node.decimalValue();
            if (value.scale() > scale) {
                value = value.stripTrailingZeros();
                if (value.scale() > scale) {
                    throw outOfRange(node, "has more than " + scale + " decimal places");
                }
            }
            value = value.setScale(scale);
            if (value.precision() > precision) {
                throw outOfRange(node, "has more than " + precision + " digits");
            }
            return value;
        }
    }

    static final class Double64 extends ValueConverter {
        Double64(String expected) { super(expected); }

        Object convert(JsonNode node) {
            if (!node.isNumber()) {
                throw mismatch(node);
            }
            double value = node.doubleValue();
            if (Double.isInfinite(value)) {
                throw outOfRange(node, "exceeds the double range");
            }
            return value;
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
