package io.channelpilot.local.world.delivery;

/**
 * Codes the delivery simulation adds to the record-conformance codes of {@code io.channelpilot.conformance}: the
 * first three are per-record DLQ causes for {@code JSON_SCHEMA_GSR} (reference §5: "data not produced by a GSR
 * serializer, or an embedded schema ID that doesn't resolve"), the rest block a whole channel. The code strings are
 * ours (MSK publishes no catalogue, reference §5 UNCONFIRMED) and stable.
 */
public enum DeliveryCode {

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
