package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

/** The one classification every gateway, store, sweep and CLI path uses: status and error code, never message text. */
class AwsErrorKindTest {

    @ParameterizedTest(name = "HTTP {0} {1} -> {2}")
    @CsvSource({
            "400, ThrottlingException, THROTTLED",
            "400, Throttled, THROTTLED",
            "429, TooManyRequestsException, THROTTLED",
            "503, ServiceUnavailable, UNAVAILABLE",
            "500, InternalFailure, UNAVAILABLE",
            "403, AccessDeniedException, ACCESS_DENIED",
            "400, UnrecognizedClientException, ACCESS_DENIED",
            "400, KMSAccessDeniedException, ACCESS_DENIED",
            "404, NotFoundException, NOT_FOUND",
            "400, ResourceNotFoundException, NOT_FOUND",
            "400, StateMachineDoesNotExist, NOT_FOUND",
            "409, ConflictException, CONFLICT",
            "400, ResourceInUseException, CONFLICT",
            "400, ExecutionAlreadyExists, CONFLICT",
            "400, ValidationException, INVALID_REQUEST",
            "400, SomethingElse, INVALID_REQUEST",
            "412, PreconditionFailed, OTHER",
    })
    void shouldClassifyByStatusAndErrorCode(int status, String code, AwsErrorKind expected) {
        SdkException e = AwsServiceException.builder().statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage("Rate exceeded, access denied, not found").build())
                .build();

        assertThat(AwsErrors.classify(e)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"connection refused"})
    void shouldCallNetworkTroubleUnavailable(String message) {
        assertThat(AwsErrors.classify(SdkClientException.create(message))).isEqualTo(AwsErrorKind.UNAVAILABLE);
        assertThat(AwsErrorKind.UNAVAILABLE.isTransient()).isTrue();
        assertThat(AwsErrorKind.ACCESS_DENIED.isTransient()).isFalse();
    }
}
