package io.channelpilot.gateway;

import io.channelpilot.workflow.AwsRequestRefused;
import io.channelpilot.workflow.AwsThrottled;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.kafka.model.BadRequestException;

/**
 * The one classification of AWS failures ({@link #classify}), and the write side's use of it: runs one SDK call and
 * turns its failure into the workflow error the state machine understands. Throttling, 5xx and network failures left
 * after the SDK's own retries become {@link AwsThrottled} (retried by the ASL); access denied becomes
 * {@link AwsRequestRefused} naming the IAM action to grant; a validation error names the field when the service said
 * which ({@code invalidParameter} on MSK).
 */
public final class AwsErrors {

    private static final Logger LOG = LoggerFactory.getLogger(AwsErrors.class);
    private static final Set<String> ACCESS_CODES = Set.of("AccessDenied", "AccessDeniedException", "ForbiddenException",
            "UnauthorizedException", "UnauthorizedOperation", "UnrecognizedClientException", "InvalidClientTokenId",
            "InvalidAccessKeyId", "AuthFailure", "ExpiredToken", "ExpiredTokenException", "SignatureDoesNotMatch",
            "MissingAuthenticationToken", "AuthorizationError", "KMSAccessDeniedException");
    // "Throttled" is SNS's code for ThrottledException (SDK 2.57.8 models it as HTTP 429; SNS's API reference says 400,
    // and a 400 is neither retried by the SDK nor recognised by isThrottlingException())
    private static final Set<String> THROTTLE_CODES = Set.of("Throttling", "ThrottlingException",
            "TooManyRequestsException", "ThrottledException", "Throttled", "RequestLimitExceeded", "LimitExceededException");
    private static final Set<String> NOT_FOUND_CODES = Set.of("ResourceNotFoundException", "EntityNotFoundException",
            "NotFoundException", "NoSuchKey", "NoSuchBucket", "StateMachineDoesNotExist", "ExecutionDoesNotExist");
    private static final Set<String> CONFLICT_CODES = Set.of("ConflictException", "ResourceInUseException",
            "ResourceAlreadyExistsException", "AlreadyExistsException", "EntityAlreadyExistsException", "ExecutionAlreadyExists");
    private static final Set<String> INVALID_CODES = Set.of("BadRequestException", "ValidationException",
            "InvalidParameterException", "InvalidParameterValue", "InvalidInputException", "InvalidRequest");

    private AwsErrors() {
    }

    /** Runs {@code body}; any SDK failure is translated by {@link #translate}. */
    public static <T> T call(String service, String operation, String permission, Supplier<T> body) {
        long start = System.nanoTime();
        try {
            T value = body.get();
            LOG.debug("aws call ok service={} operation={} ms={}", service, operation, (System.nanoTime() - start) / 1_000_000);
            return value;
        } catch (SdkException e) {
            RuntimeException translated = translate(service, operation, permission, e);
            LOG.debug("aws call failed service={} operation={} error={}", service, operation, translated.getMessage());
            throw translated;
        }
    }

    public static void run(String service, String operation, String permission, Runnable body) {
        call(service, operation, permission, () -> {
            body.run();
            return null;
        });
    }

    /**
     * The one classification of an SDK failure. Order matters: throttling and 5xx first (a throttled call is never
     * "denied"), then access, then not-found and conflict by code or status, then invalid requests (any other 400).
     */
    public static AwsErrorKind classify(SdkException e) {
        if (e instanceof SdkClientException) {
            return AwsErrorKind.UNAVAILABLE; // network or endpoint trouble after the SDK's retries
        }
        if (!(e instanceof AwsServiceException aws)) {
            return AwsErrorKind.OTHER;
        }
        String code = errorCode(aws);
        int status = aws.statusCode();
        if (aws.isThrottlingException() || THROTTLE_CODES.contains(code) || status == 429) {
            return AwsErrorKind.THROTTLED;
        }
        if (status >= 500) {
            return AwsErrorKind.UNAVAILABLE;
        }
        if (ACCESS_CODES.contains(code) || status == 401 || status == 403) {
            return AwsErrorKind.ACCESS_DENIED;
        }
        if (status == 404 || NOT_FOUND_CODES.contains(code) || code.endsWith("NotFoundException")) {
            return AwsErrorKind.NOT_FOUND;
        }
        if (status == 409 || CONFLICT_CODES.contains(code)) {
            return AwsErrorKind.CONFLICT;
        }
        if (status == 400 || INVALID_CODES.contains(code)) {
            return AwsErrorKind.INVALID_REQUEST;
        }
        return AwsErrorKind.OTHER;
    }

    public static RuntimeException translate(String service, String operation, String permission, SdkException e) {
        if (e instanceof AwsServiceException aws) {
            String code = errorCode(aws);
            AwsErrorKind kind = classify(e);
            if (kind.isTransient()) {
                return new AwsThrottled(service + " " + operation + describeCode(code), e);
            }
            if (kind == AwsErrorKind.ACCESS_DENIED) {
                return new AwsRequestRefused(AwsRequestRefused.ACCESS_DENIED, service + " " + operation + " was denied"
                        + describeCode(code) + "; grant " + permission + " to this function's role", e);
            }
            if (aws.statusCode() == 400) {
                return new AwsRequestRefused(AwsRequestRefused.INVALID_REQUEST, service + " " + operation
                        + " was rejected as invalid" + describeCode(code) + field(aws)
                        + "; check the channel settings and stack parameters", e);
            }
            return new AwsRequestRefused(AwsRequestRefused.REQUEST_FAILED, service + " " + operation + " failed"
                    + describeCode(code) + " with HTTP " + aws.statusCode(), e);
        }
        if (e instanceof SdkClientException) {
            // Network or endpoint trouble after the SDK's retries: transient from the workflow's point of view.
            return new AwsThrottled(service + " " + operation + " (" + e.getClass().getSimpleName() + ")", e);
        }
        return new AwsRequestRefused(AwsRequestRefused.REQUEST_FAILED, service + " " + operation + " failed ("
                + e.getClass().getSimpleName() + ")", e);
    }

    /**
     * An SDK failure that reached a handler unclassified (a gateway or store that lets SDK exceptions through), classified
     * the same way, so that throttling, 5xx and network trouble reach the state machine as {@link AwsThrottled}, which
     * its Retry names, instead of an SDK class name it neither retries nor recognises.
     */
    public static RuntimeException escaped(SdkException e) {
        String service = e instanceof AwsServiceException aws && aws.awsErrorDetails() != null
                && aws.awsErrorDetails().serviceName() != null ? aws.awsErrorDetails().serviceName() : "aws";
        return translate(service, "call", "the action named in the error", e);
    }

    public static String errorCode(AwsServiceException e) {
        return e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null ? "" : e.awsErrorDetails().errorCode();
    }

    public static boolean hasCode(SdkException e, String code) {
        return e instanceof AwsServiceException aws && code.equals(errorCode(aws));
    }

    public static boolean isNotFound(SdkException e) {
        return classify(e) == AwsErrorKind.NOT_FOUND;
    }

    private static String describeCode(String code) {
        return code.isEmpty() ? "" : " (" + code + ")";
    }

    /** MSK names the offending member in {@code invalidParameter}; other services only in text, which we do not parse. */
    private static String field(AwsServiceException e) {
        if (e instanceof BadRequestException bad && bad.invalidParameter() != null && !bad.invalidParameter().isBlank()) {
            return ", field " + bad.invalidParameter();
        }
        return "";
    }
}
