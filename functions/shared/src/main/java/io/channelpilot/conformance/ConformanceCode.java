package io.channelpilot.conformance;

/**
 * Stable codes for everything the conformance rules can report: schema-level findings of {@link SchemaAnalyzer}
 * and record-level rejections of {@link RecordConformer}. The string {@link #code()} is part of the contract
 * (DLQ triage counts by it, notifications and the local world's DLQ objects carry it), so it never changes once
 * released, even if the constant is renamed.
 *
 * <p>Record-level codes mirror the DLQ causes of reference §5 (missing required field, type mismatch, malformed
 * JSON, nesting deeper than 16). The finer split (INVALID_FORMAT, NUMBER_OUT_OF_RANGE, NOT_AN_OBJECT) is ours:
 * MSK publishes no error-code catalogue for its DLQ (reference §5, UNCONFIRMED).
 */
public enum ConformanceCode {

    // ---- record level -------------------------------------------------------------------------------------
    MALFORMED_JSON(Level.RECORD, Severity.ERROR,
            "Fix the producer so it writes one complete UTF-8 JSON document per record value (no trailing data,"
                    + " no duplicate keys), then redrive."),
    NOT_AN_OBJECT(Level.RECORD, Severity.ERROR,
            "Fix the producer so each record value is a JSON object whose properties match the registered schema,"
                    + " then redrive."),
    MISSING_REQUIRED_FIELD(Level.RECORD, Severity.ERROR,
            "Fix the producer to always send the field (or remove it from the schema's \"required\" list and"
                    + " create a new channel); a redrive can supply it with a `default` repair rule."),
    TYPE_MISMATCH(Level.RECORD, Severity.ERROR,
            "Fix the producer to send the JSON type the schema declares; a redrive can convert it with a `coerce`"
                    + " repair rule."),
    INVALID_FORMAT(Level.RECORD, Severity.ERROR,
            "Send the string in the declared format: RFC 3339 date-time with offset, ISO date, ISO time,"
                    + " canonical UUID (8-4-4-4-12 hex), or standard-alphabet base64; a redrive can fix it with a `coerce` repair rule."),
    NUMBER_OUT_OF_RANGE(Level.RECORD, Severity.ERROR,
            "Send numbers that fit the column type (int: 32-bit, long: 64-bit, decimal: at most 38 digits and the"
                    + " scale implied by multipleOf); or widen the schema and create a new channel."),

    // ---- both levels ---------------------------------------------------------------------------------------
    NESTING_TOO_DEEP(Level.BOTH, Severity.ERROR,
            "Flatten the data: streaming tables support at most 16 levels of nested objects/arrays; move deeper"
                    + " parts into a JSON string field or a separate topic."),

    // ---- schema level --------------------------------------------------------------------------------------
    SCHEMA_NOT_JSON(Level.SCHEMA, Severity.ERROR,
            "Register the schema version as valid JSON (Glue data format JSON)."),
    SCHEMA_DRAFT_UNSUPPORTED(Level.SCHEMA, Severity.ERROR,
            "Set \"$schema\" to \"http://json-schema.org/draft-07/schema#\" (or draft-04) and register a new"
                    + " schema version."),
    SCHEMA_DRAFT_ASSUMED(Level.SCHEMA, Severity.INFO,
            "Declare \"$schema\": \"http://json-schema.org/draft-07/schema#\" (or draft-04) so the draft is explicit."),
    SCHEMA_INVALID(Level.SCHEMA, Severity.ERROR,
            "Correct the schema so it validates against its draft's meta-schema, then register a new version."),
    SCHEMA_NOT_OBJECT(Level.SCHEMA, Severity.ERROR,
            "Make the root schema \"type\": \"object\" with \"properties\": each property becomes a table column."),
    PARTITION_COLUMN_MISSING(Level.SCHEMA, Severity.ERROR,
            "Add the partition column as a top-level property {\"type\": \"string\", \"format\": \"date-time\"}, or set"
                    + " `partition=<column>` to an existing date-time property."),
    PARTITION_COLUMN_NOT_DATE_TIME(Level.SCHEMA, Severity.ERROR,
            "Declare the partition column as {\"type\": \"string\", \"format\": \"date-time\"} (timestamptz), or choose"
                    + " another column; otherwise the channel is SUSPENDED on first delivery."),
    UNMAPPABLE_TYPE(Level.SCHEMA, Severity.ERROR,
            "Give the property exactly one JSON type that maps to Iceberg (see the type-mapping table): no type"
                    + " unions other than with \"null\", no oneOf/anyOf/allOf alternatives, arrays need \"items\","
                    + " objects need \"properties\" or an \"additionalProperties\" schema."),
    SCHEMA_REF_UNRESOLVED(Level.SCHEMA, Severity.ERROR,
            "Point \"$ref\" at a local definition (\"#/definitions/...\" or \"#/$defs/...\") that exists; remote"
                    + " references are not resolved."),
    SCHEMA_REF_CYCLE(Level.SCHEMA, Severity.ERROR,
            "Remove the recursive \"$ref\": Iceberg tables cannot hold recursive types; cap the recursion at a fixed"
                    + " depth or store the recursive part as a JSON string."),
    COLUMN_NAME_NOT_LOWERCASE(Level.SCHEMA, Severity.WARN,
            "Use lowercase property names: uppercase column names break Glue and Lake Formation visibility."),
    COLUMN_NAME_COLLISION(Level.SCHEMA, Severity.WARN,
            "Rename one of the properties: Glue, Athena and Lake Formation treat column names case-insensitively,"
                    + " so names differing only in case collide."),
    NULLABLE_REQUIRED_FIELD(Level.SCHEMA, Severity.WARN,
            "Either drop \"null\" from the property's type or remove it from \"required\": a required column is"
                    + " non-nullable, so records sending null are dead-lettered."),
    REQUIRED_WITHOUT_PROPERTY(Level.SCHEMA, Severity.WARN,
            "Add the property to \"properties\" or drop it from \"required\": a required name without a property gets"
                    + " no column, and whether the channel still demands it in records is not documented."),
    INTEGER_WIDTH_ASSUMED(Level.SCHEMA, Severity.INFO,
            "Declare \"minimum\" and \"maximum\" on the integer so its width (int or long) is explicit."),
    ENUM_NOT_STRING(Level.SCHEMA, Severity.WARN,
            "Use string enum values: enums map to an Iceberg string column and only JSON strings conform.");

    /** Where a code can be raised. */
    public enum Level { RECORD, SCHEMA, BOTH }

    /** ERROR blocks (schema unusable / record dead-lettered); WARN and INFO are advice only. */
    public enum Severity { ERROR, WARN, INFO }

    private final Level level;
    private final Severity severity;
    private final String remediation;

    ConformanceCode(Level level, Severity severity, String remediation) {
        this.level = level;
        this.severity = severity;
        this.remediation = remediation;
    }

    /** Parses a stable wire string (e.g. from a DLQ object written by the local world); empty when unknown. */
    public static java.util.Optional<ConformanceCode> fromCode(String code) {
        for (ConformanceCode value : values()) {
            if (value.code().equals(code)) {
                return java.util.Optional.of(value);
            }
        }
        return java.util.Optional.empty();
    }

    /** Stable wire string; equals the constant name today and must stay as is. */
    public String code() {
        return name();
    }

    public Level level() {
        return level;
    }

    public Severity severity() {
        return severity;
    }

    public String remediation() {
        return remediation;
    }

    public boolean appliesToRecords() {
        return level != Level.SCHEMA;
    }

    public boolean appliesToSchemas() {
        return level != Level.RECORD;
    }
}
