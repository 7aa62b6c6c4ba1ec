package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;

/** JSON Schema type names of values, used as the "actual" type in rejections (never the value itself). */
final class JsonTypes {

    private JsonTypes() {
    }

    static String nameOf(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "missing";
        }
        switch (node.getNodeType()) {
            case OBJECT:
            case POJO:
                return "object";
            case ARRAY:
                return "array";
            case STRING:
            case BINARY:
                return "string";
            case BOOLEAN:
                return "boolean";
            case NULL:
                return "null";
            case NUMBER:
                return isIntegral(node) ? "integer" : "number";
            default:
                return "unknown";
        }
    }

    /** JSON Schema's notion (draft-06+): a number with a zero fractional part is an integer. */
    static boolean isIntegral(JsonNode node) {
        if (node.isIntegralNumber()) {
            return true;
        }
        if (node.isDouble() || node.isFloat()) {
            double d = node.doubleValue();
            return !Double.isInfinite(d) && d == Math.rint(d);
        }
        return node.isBigDecimal() && node.decimalValue().stripTrailingZeros().scale() <= 0;
    }
}
