package io.channelpilot.local.sfn.task;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The embedder's AWS API (the local world's emulator; a fake in tests) for {@code sns:publish} and
 * {@code aws-sdk:<service>:<action>} tasks. Parameters and responses use the API's PascalCase member names, as Step
 * Functions' SDK integrations do.
 */
@FunctionalInterface
public interface AwsServiceIntegration {

    /** {@code service} as in the ARN ("dynamodb", "sfn", "sns"), {@code action} camelCase ("putItem"). */
    JsonNode call(String service, String action, JsonNode parameters);

    /** A service error with its error code ("ConditionalCheckFailedException" or "ExecutionAlreadyExists"). */
    final class AwsServiceError extends RuntimeException {
        private final String errorCode;

        public AwsServiceError(String errorCode, String message) {
            super(message);
            this.errorCode = errorCode;
        }

        public String errorCode() {
            return errorCode;
        }
    }
}
