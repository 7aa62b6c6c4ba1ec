package io.channelpilot.local.world.logs;

import io.channelpilot.local.world.http.AwsServiceError;

/** CloudWatch Logs modeled errors (AWS JSON 1.1). */
final class LogsErrors {

    private LogsErrors() {
    }

    static AwsServiceError invalid(String message) {
        return new AwsServiceError(400, "InvalidParameterException", message);
    }

    static AwsServiceError notFound(String message) {
        return new AwsServiceError(400, "ResourceNotFoundException", message);
    }

    static AwsServiceError exists(String message) {
        return new AwsServiceError(400, "ResourceAlreadyExistsException", message);
    }
}
