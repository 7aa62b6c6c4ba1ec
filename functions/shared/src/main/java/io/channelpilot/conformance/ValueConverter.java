package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One node of the converter tree compiled from the Iceberg schema: turns a non-null JSON value into the Java value
 * Iceberg's generic data model takes, or throws a {@link Rejection}. Converters are immutable and thread-safe;
 * everything that can be precomputed (expected-type text, escaped pointer segments, formatters) is.
 */
abstract class ValueConverter {

    /** What this converter wants, for rejections: JSON type plus Iceberg type, e.g. {@code string (timestamptz)}. */
    final String expected;

    ValueConverter(String expected) {
        this.expected = expected;
    }

    /** @param node a present, non-null JSON value */
    abstract Object convert(JsonNode node);

    final Rejection mismatch(JsonNode node) {
        return mismatch(node, JsonTypes.nameOf(node));
    }

    final Rejection mismatch(JsonNode node, String actual) {
        return new Rejection(ConformanceCode.TYPE_MISMATCH, expected, actual, null);
    }

    final Rejection invalid(JsonNode node, String detail) {
        return new Rejection(ConformanceCode.INVALID_FORMAT, expected, JsonTypes.nameOf(node), detail);
    }

    final Rejection outOfRange(JsonNode node, String detail) {
        return new Rejection(ConformanceCode.NUMBER_OUT_OF_RANGE, expected, JsonTypes.nameOf(node), detail);
    }

    static String expectedFor(IcebergType type) {
        String iceberg;
        if (type instanceof IcebergType.StructType) {
            iceberg = "struct";
        } else if (type instanceof IcebergType.ListType) {
            iceberg = "list";
        } else if (type instanceof IcebergType.MapType) {
            iceberg = "map";
        } else {
            iceberg = type.render();
        }
        return type.jsonType() + " (" + iceberg + ")";
    }
}
