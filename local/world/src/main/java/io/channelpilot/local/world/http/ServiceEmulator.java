package io.channelpilot.local.world.http;

/**
 * One emulated AWS service on the shared loopback endpoint. Implementations keep their state in memory, read time
 * only from the world's virtual clock, and answer exactly the documented wire shapes the unmodified SDK v2 client
 * expects.
 */
public interface ServiceEmulator {

    /** The SigV4 signing name this emulator answers, e.g. {@code kafka}, {@code monitoring}, {@code logs}. */
    String signingName();

    /** Short service label used in API-call counts and fault rules, e.g. {@code kafka}, {@code cloudwatch}. */
    default String serviceLabel() {
        return signingName();
    }

    Protocol protocol();

    /**
     * The operation name this request invokes (e.g. {@code CreateChannel}), used for API call counts and fault
     * injection before {@link #handle} runs. Throw an {@link AwsServiceError} for an unknown route.
     */
    String operationOf(AwsRequest request);

    AwsResponse handle(AwsRequest request, String operation);

    /** The error this service returns when throttled (fault injection). */
    AwsServiceError throttlingError();

    /** The error this service returns on an internal failure (fault injection). */
    default AwsServiceError internalError() {
        return new AwsServiceError(500, "InternalFailure", "Injected internal error");
    }
}
