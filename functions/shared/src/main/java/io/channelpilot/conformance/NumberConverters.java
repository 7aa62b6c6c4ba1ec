package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;

/** Converters for the integer and number rows of the reference §4 table. */
final class NumberConverters {

    private NumberConverters() {
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
            // under draft-04 "5.0" is a number, never an integer
            throw mismatch(node, node.isFloatingPointNumber() ? "number" : JsonTypes.nameOf(node));
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
            // under draft-04 "5.0" is a number, never an integer
            throw mismatch(node, node.isFloatingPointNumber() ? "number" : JsonTypes.nameOf(node));
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
}
