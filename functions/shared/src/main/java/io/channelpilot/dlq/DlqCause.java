package io.channelpilot.dlq;

import java.util.Locale;
import java.util.Map;

/**
 * The causes triage counts (DESIGN §7, reference §5). MSK publishes no DLQ error-code catalogue (UNCONFIRMED), so
 * {@link #classify} maps the local world's / conformance codes and the informal labels seen in the wild
 * ("Missing required field", "Type mismatch", "Schema resolution failure") and falls back to {@link #UNKNOWN}.
 */
public enum DlqCause {
    MISSING_REQUIRED_FIELD,
    TYPE_MISMATCH,
    MALFORMED_JSON,
    NESTING_TOO_DEEP,
    SCHEMA_RESOLUTION,
    UNKNOWN;

    /** Exact codes, normalised (upper case, non-alphanumerics as '_'). */
    private static final Map<String, DlqCause> CODES = Map.ofEntries(
            Map.entry("MISSING_REQUIRED_FIELD", MISSING_REQUIRED_FIELD),
            Map.entry("REQUIRED_FIELD_MISSING", MISSING_REQUIRED_FIELD),
            Map.entry("MISSING_FIELD", MISSING_REQUIRED_FIELD),
            Map.entry("TYPE_MISMATCH", TYPE_MISMATCH),
            // conformance codes for a value of the right JSON kind but unusable for the column: still a type problem
            Map.entry("INVALID_FORMAT", TYPE_MISMATCH),
            Map.entry("NUMBER_OUT_OF_RANGE", TYPE_MISMATCH),
            Map.entry("NOT_AN_OBJECT", TYPE_MISMATCH),
            Map.entry("MALFORMED_JSON", MALFORMED_JSON),
            Map.entry("INVALID_JSON", MALFORMED_JSON),
            Map.entry("JSON_PARSE_ERROR", MALFORMED_JSON),
            Map.entry("NESTING_TOO_DEEP", NESTING_TOO_DEEP),
            Map.entry("MAX_NESTING_DEPTH_EXCEEDED", NESTING_TOO_DEEP),
            Map.entry("SCHEMA_RESOLUTION", SCHEMA_RESOLUTION),
            Map.entry("SCHEMA_RESOLUTION_FAILURE", SCHEMA_RESOLUTION),
            Map.entry("GSR_ENVELOPE_INVALID", SCHEMA_RESOLUTION),
            Map.entry("GSR_SCHEMA_NOT_FOUND", SCHEMA_RESOLUTION),
            Map.entry("GSR_SCHEMA_CHANGED", SCHEMA_RESOLUTION));

    /** Classifies by code first, then by keywords in the code and the message. Never throws. */
    public static DlqCause classify(String errorCode, String errorMessage) {
        String code = normalise(errorCode);
        DlqCause exact = CODES.get(code);
        if (exact != null) {
            return exact;
        }
        DlqCause fromCode = keywords(code.replace('_', ' '));
        return fromCode != UNKNOWN ? fromCode : keywords(errorMessage == null ? "" : errorMessage.toLowerCase(Locale.ROOT));
    }

    /** Parses a cause name as used in redrive filters; case-insensitive. */
    public static java.util.Optional<DlqCause> fromName(String name) {
        for (DlqCause c : values()) {
            if (c.name().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return java.util.Optional.of(c);
            }
        }
        return java.util.Optional.empty();
    }

    private static DlqCause keywords(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (t.isBlank()) {
            return UNKNOWN;
        }
        if (t.contains("schema resolution") || t.contains("schema id") || t.contains("schema version")
                || t.contains("schema not found") || t.contains("serializer") || t.contains("gsr")) {
            return SCHEMA_RESOLUTION;
        }
        if ((t.contains("missing") || t.contains("absent")) && (t.contains("field") || t.contains("required"))
                || t.contains("required field")) {
            return MISSING_REQUIRED_FIELD;
        }
        if (t.contains("nesting") || t.contains("nested") || t.contains("depth")) {
            return NESTING_TOO_DEEP;
        }
        if (t.contains("type mismatch") || t.contains("mismatch") || t.contains("expected type")
                || t.contains("cannot convert") || t.contains("out of range")) {
            return TYPE_MISMATCH;
        }
        if (t.contains("malformed") || t.contains("invalid json") || t.contains("parse") || t.contains("unexpected character")
                || t.contains("not valid json")) {
            return MALFORMED_JSON;
        }
        return UNKNOWN;
    }

    private static String normalise(String code) {
        return code == null ? "" : code.trim().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
    }
}
