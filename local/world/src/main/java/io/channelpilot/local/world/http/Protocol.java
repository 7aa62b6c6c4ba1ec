package io.channelpilot.local.world.http;

/**
 * The AWS wire protocols the emulated services speak (reference/stack.md §6). The protocol decides how an
 * {@link AwsServiceError} is rendered so the unmodified SDK v2 client parses it into the modeled exception.
 */
public enum Protocol {
    /** MSK, Lake Formation, S3 Tables: error code in the {@code x-amzn-ErrorType} header, body {@code {"message"}}. */
    REST_JSON,
    /** DynamoDB, Step Functions: {@code X-Amz-Target}, body {@code {"__type","message"}}. */
    AWS_JSON_1_0,
    /** Glue, CloudWatch Logs, Service Quotas, EventBridge: like 1.0 with content type 1.1. */
    AWS_JSON_1_1,
    /** SNS, STS, IAM: form-encoded request, XML response, {@code <ErrorResponse><Error>} on failure. */
    AWS_QUERY,
    /** CloudWatch in SDK 2.57: Smithy RPC v2 CBOR (pitfall P3). */
    RPC_V2_CBOR,
    /** S3: XML {@code <Error><Code>}. */
    REST_XML
}
