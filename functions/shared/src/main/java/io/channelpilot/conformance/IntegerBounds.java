package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The smallest and largest integer a JSON Schema "integer" admits, from minimum/maximum and their exclusive forms
 * in both drafts: draft-04 has boolean {@code exclusiveMinimum}/{@code exclusiveMaximum} modifying
 * minimum/maximum, draft-06+ has numeric ones. A null bound means unbounded on that side.
 */
record IntegerBounds(BigDecimal lower, BigDecimal upper) {

    static IntegerBounds of(JsonNode node) {
        BigDecimal lower = number(node.get("minimum"));
        BigDecimal upper = number(node.get("maximum"));
        JsonNode exclusiveMin = node.get("exclusiveMinimum");
        JsonNode exclusiveMax = node.get("exclusiveMaximum");
        if (lower != null) {
            boolean exclusive = exclusiveMin != null && exclusiveMin.isBoolean() && exclusiveMin.booleanValue();
            lower = exclusive ? lower.setScale(0, RoundingMode.FLOOR).add(BigDecimal.ONE) : lower.setScale(0, RoundingMode.CEILING);
        }
        if (upper != null) {
            boolean exclusive = exclusiveMax != null && exclusiveMax.isBoolean() && exclusiveMax.booleanValue();
            upper = exclusive ? upper.setScale(0, RoundingMode.CEILING).subtract(BigDecimal.ONE) : upper.setScale(0, RoundingMode.FLOOR);
        }
        BigDecimal numericMin = number(exclusiveMin);
        if (numericMin != null) {
            BigDecimal bound = numericMin.setScale(0, RoundingMode.FLOOR).add(BigDecimal.ONE);
            lower = lower == null || bound.compareTo(lower) > 0 ? bound : lower;
        }
        BigDecimal numericMax = number(exclusiveMax);
        if (numericMax != null) {
            BigDecimal bound = numericMax.setScale(0, RoundingMode.CEILING).subtract(BigDecimal.ONE);
            upper = upper == null || bound.compareTo(upper) < 0 ? bound : upper;
        }
        return new IntegerBounds(lower, upper);
    }

    private static BigDecimal number(JsonNode node) {
        return node != null && node.isNumber() ? node.decimalValue() : null;
    }
}
