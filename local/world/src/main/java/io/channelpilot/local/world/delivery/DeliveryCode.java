package io.channelpilot.local.world.delivery;

/**
 * The codes the delivery simulation writes: per-record DLQ causes (the world's own judgement, {@link DeliverySchema})
 * and conditions that block a whole channel. MSK publishes no error-code catalogue (reference §5, UNCONFIRMED); the
 * record causes follow the DG's list (missing required field, type mismatch, malformed JSON, nesting deeper than 16;
 * for {@code JSON_SCHEMA_GSR} data not produced by a GSR serializer or an unresolvable schema id), split finer where
 * the judgement knows more. The code strings are ours and stable.
 */
public enum DeliveryCode {

    MALFORMED_JSON(true, "Produce one complete UTF-8 JSON document per record value, then redrive."),
    NOT_AN_OBJECT(true, "Produce a JSON object per record value: the table is a struct of the schema's properties."),
    MISSING_REQUIRED_FIELD(true, "Send every field the schema requires (and the partition column, which is always"
            + " required); a redrive can supply it with a `default` repair rule."),
    TYPE_MISMATCH(true, "Send the JSON type the schema declares; a redrive can convert it with a `coerce` rule."),
    INVALID_FORMAT(true, "Send the string in the declared format (date-time, date, time, uuid, base64)."),
    NUMBER_OUT_OF_RANGE(true, "Send numbers within the schema's bounds and the column's type (int, long,"
            + " decimal(38, s), double)."),
    SCHEMA_VIOLATION(true, "Send values that satisfy the schema's other keywords (enum, pattern, lengths,"
            + " additionalProperties, ...)."),
    NESTING_TOO_DEEP(true, "Flatten the data: at most 16 levels of nested objects/arrays."),
    GSR_ENVELOPE_INVALID(true, "Produce with the AWS Glue Schema Registry serializer (JSON data format), or create the"
            + " channel with the JSON converter and a gsrArn."),
    GSR_SCHEMA_NOT_FOUND(true, "Register the schema version in the registry the channel reads, or re-produce the"
            + " record with a serializer pointing at an existing schema version."),
    GSR_SCHEMA_CHANGED(true, "Schema evolution is not supported: revert producers to the schema version the table was"
            + " created from, or create a new channel (and table) for the new version."),
    SCHEMA_UNUSABLE(false, "Fix the registered schema (see the schema analysis codes) and create a new channel."),
    TABLE_DELETED(false, "The destination table was deleted after delivery started; the channel is SUSPENDED and"
            + " cannot resume: create a new channel."),
    DLQ_BUCKET_MISSING(false, "Create the DLQ bucket named in deadLetterQueueS3.bucketArn; DLQ writes are retried.");

    private final boolean recordLevel;
    private final String remediation;

    DeliveryCode(boolean recordLevel, String remediation) {
        this.recordLevel = recordLevel;
        this.remediation = remediation;
    }

    public String code() {
        return name();
    }

    public boolean isRecordLevel() {
        return recordLevel;
    }

    public String remediation() {
        return remediation;
    }
}
