package io.channelpilot.local.world.msk;

import io.channelpilot.local.world.http.AwsServiceError;
import java.util.Map;

/** The MSK error shapes (reference §1.0): status + {@code x-amzn-ErrorType}, body {@code {message, invalidParameter}}. */
final class MskErrors {

    private MskErrors() {
    }

    static AwsServiceError badRequest(String invalidParameter, String message) {
        return new AwsServiceError(400, "BadRequestException", message, Map.of("invalidParameter", invalidParameter));
    }

    static AwsServiceError notFound(String invalidParameter, String message) {
        return new AwsServiceError(404, "NotFoundException", message, Map.of("invalidParameter", invalidParameter));
    }

    static AwsServiceError conflict(String invalidParameter, String message) {
        return new AwsServiceError(409, "ConflictException", message, Map.of("invalidParameter", invalidParameter));
    }
}
