package io.channelpilot.local.world.dynamodb;

import io.channelpilot.local.world.http.AwsServiceError;
import java.util.Map;

/** DynamoDB's error codes with its own phrasing (AWS JSON 1.0, {@code __type}). */
final class DynamoErrors {

    static final String VALIDATION = "ValidationException";

    private DynamoErrors() {
    }

    static AwsServiceError validation(String message) {
        return new AwsServiceError(400, VALIDATION, message);
    }

    static AwsServiceError invalidParameters(String detail) {
        return validation("One or more parameter values were invalid: " + detail);
    }

    static AwsServiceError notFound() {
        return new AwsServiceError(400, "ResourceNotFoundException", "Requested resource not found");
    }

    static AwsServiceError tableNotFound(String table) {
        return new AwsServiceError(400, "ResourceNotFoundException",
                "Requested resource not found: Table: " + table + " not found");
    }

    static AwsServiceError inUse(String message) {
        return new AwsServiceError(400, "ResourceInUseException", message);
    }

    static AwsServiceError conditionFailed(Map<String, Object> extra) {
        return new AwsServiceError(400, "ConditionalCheckFailedException", "The conditional request failed", extra);
    }
}
