package io.channelpilot.dlq;

/** Why a DLQ object was quarantined. Codes are stable: they appear in triage reports and notifications. */
public enum QuarantineReason {
    /** Neither a JSON object nor a JSON array after optional gzip (binary garbage, CSV, Avro, ...). */
    NOT_JSON("The object is neither JSON lines nor a JSON array (after gzip). If the DLQ format changed, set the"
            + " parser's field names/format in the DLQ_FIELD_* settings; the object was copied under the quarantine prefix."),
    /** The gzip stream or the JSON array ended early. */
    TRUNCATED("The object ended early (truncated gzip or JSON). Records read before the cut were triaged; inspect the"
            + " copy under the quarantine prefix."),
    /** JSON, but no element had the configured partition/offset fields. */
    NO_RECOGNISED_RECORDS("No record in the object had the configured topic/partition/offset (or sequence number) fields."
            + " Add the service's field names to the DLQ_FIELD_* settings and re-run triage; the object was copied under"
            + " the quarantine prefix."),
    /** The object could not be read from S3. */
    UNREADABLE("The object could not be read from the DLQ bucket; check the function role's s3:GetObject permission"
            + " on the DLQ prefix and the bucket's KMS key policy.");

    private final String remediation;

    QuarantineReason(String remediation) {
        this.remediation = remediation;
    }

    public String remediation() {
        return remediation;
    }
}
