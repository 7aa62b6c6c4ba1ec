package io.channelpilot.local.world.glue;

import io.channelpilot.local.world.http.AwsServiceError;

/** Glue's modeled errors for the Schema Registry operations (AWS JSON 1.1, all 400 client faults). */
final class GlueErrors {

    private GlueErrors() {
    }

    static AwsServiceError notFound(String message) {
        return new AwsServiceError(400, "EntityNotFoundException", message);
    }

    static AwsServiceError alreadyExists(String message) {
        return new AwsServiceError(400, "AlreadyExistsException", message);
    }

    static AwsServiceError invalidInput(String message) {
        return new AwsServiceError(400, "InvalidInputException", message);
    }
}
