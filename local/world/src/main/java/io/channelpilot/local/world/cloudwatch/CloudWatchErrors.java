package io.channelpilot.local.world.cloudwatch;

import io.channelpilot.local.world.http.AwsServiceError;
import java.util.Map;

/**
 * CloudWatch is awsQueryCompatible: on the RPC v2 CBOR wire the error shape name travels in {@code __type} (it picks
 * the SDK exception class) while the classic query code ({@code InvalidParameterValue}, {@code ResourceNotFound}, …)
 * travels in {@code x-amzn-query-error} and is what {@code awsErrorDetails().errorCode()} reports.
 */
final class CloudWatchErrors {

    private static final Map<String, String> SHAPES = Map.of(
            "InvalidParameterValue", "InvalidParameterValueException",
            "MissingParameter", "MissingRequiredParameterException",
            "InvalidParameterCombination", "InvalidParameterCombinationException",
            "InvalidFormat", "InvalidFormatFault",
            "LimitExceeded", "LimitExceededFault",
            "ResourceNotFound", "ResourceNotFoundException",
            "ResourceNotFoundException", "ResourceNotFoundException",
            "InvalidParameterValueException", "InvalidParameterValueException",
            "InvalidNextToken", "InvalidNextToken");

    private CloudWatchErrors() {
    }

    /** The same error, tagged with its modeled shape name when CloudWatch models one. */
    static AwsServiceError modeled(AwsServiceError error) {
        String shape = SHAPES.get(error.code());
        if (shape == null || error.extraFields().containsKey("__type")) {
            return error;
        }
        return new AwsServiceError(error.status(), error.code(), error.getMessage(), Map.of("__type", shape));
    }
}
