package io.channelpilot.gateway;

import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Runs one read-side SDK call and turns every exception into a {@link GatewayFailure}, classified by
 * {@link AwsErrors#classify}.
 */
final class SdkCalls {

    private static final Logger LOG = LoggerFactory.getLogger(SdkCalls.class);
    private SdkCalls() {
    }

    static <T> GatewayResult<T> call(String service, String operation, String permission, Supplier<T> body) {
        long start = System.nanoTime();
        try {
            T value = body.get();
            LOG.debug("aws call ok service={} operation={} ms={}", service, operation, (System.nanoTime() - start) / 1_000_000);
            return GatewayResult.ok(value);
        } catch (SdkException e) {
            GatewayFailure failure = classify(service, operation, permission, e);
            LOG.debug("aws call failed service={} operation={} kind={} code={}", service, operation, failure.kind(), failure.errorCode());
            return GatewayResult.failed(failure);
        }
    }

    /** Like {@link #call}, but "not found" (HTTP 404 or one of {@code notFoundCodes}) is an empty answer. */
    static <T> GatewayResult<Optional<T>> find(String service, String operation, String permission, Set<String> notFoundCodes,
                                               Supplier<T> body) {
        return call(service, operation, permission, () -> {
            try {
                return Optional.ofNullable(body.get());
            } catch (AwsServiceException e) {
                if (isNotFound(e, notFoundCodes)) {
                    return Optional.empty();
                }
                throw e;
            }
        });
    }

    /** {@link AwsErrors#classify}'s NOT_FOUND, or one of the call's own "does not exist" codes (NoSuchEntity…). */
    static boolean isNotFound(AwsServiceException e, Set<String> notFoundCodes) {
        return AwsErrors.classify(e) == AwsErrorKind.NOT_FOUND || notFoundCodes.contains(AwsErrors.errorCode(e));
    }

    static GatewayFailure classify(String service, String operation, String permission, SdkException e) {
        AwsErrorKind kind = AwsErrors.classify(e);
        if (e instanceof AwsServiceException aws) {
            return new GatewayFailure(kind, service, operation, permission, AwsErrors.errorCode(aws), "HTTP " + aws.statusCode());
        }
        return new GatewayFailure(kind, service, operation, permission, "", e.getClass().getSimpleName());
    }
}
