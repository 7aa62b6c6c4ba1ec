package io.channelpilot.resolve;

/** Stable codes of {@link ResolveError}. */
enum ResolveErrorCode {
    /** The input is not a JSON object. */
    TRIGGER_NOT_OBJECT,
    /** {@code source} is missing or not one this function handles. */
    TRIGGER_SOURCE_UNKNOWN,
    /** {@code detail-type} does not belong to the {@code source} (e.g. a non-CloudTrail aws.kafka event). */
    TRIGGER_DETAIL_TYPE_UNSUPPORTED,
    /** A CloudTrail event this function does not act on (eventName/eventSource). */
    TRIGGER_EVENT_UNSUPPORTED,
    /** A required field is absent or empty. */
    TRIGGER_FIELD_MISSING,
    /** A field is present but malformed (e.g. not an MSK ARN, not a list of topic names). */
    TRIGGER_FIELD_INVALID,
    /** The cluster ARN is in another partition, Region or account than this stack (the function's own clients cannot reach it). */
    TRIGGER_ARN_FOREIGN,
    /** The ARN names an MSK resource that carries no channel-pilot meaning (e.g. a VPC connection). */
    TRIGGER_RESOURCE_UNSUPPORTED,
    /** The cluster does not exist (any more) in this account and Region. */
    CLUSTER_NOT_FOUND,
    /** The function's role may not read the cluster, its topics or channels. */
    READ_DENIED,
    /** MSK rejected a read for another reason. */
    READ_FAILED
}
