package io.channelpilot.local.world.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A modeled service error. Emulators throw it; {@link ErrorRenderer} turns it into the wire shape of the service's
 * protocol so the SDK raises the right exception class with {@code awsErrorDetails().errorCode() == code}.
 */
public final class AwsServiceError extends RuntimeException {

    private final int status;
    private final String code;
    private final Map<String, Object> extraFields;

    public AwsServiceError(int status, String code, String message) {
        this(status, code, message, Map.of());
    }

    public AwsServiceError(int status, String code, String message, Map<String, Object> extraFields) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.extraFields = Map.copyOf(new LinkedHashMap<>(extraFields));
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    /** Additional body members, e.g. MSK's {@code invalidParameter}. */
    public Map<String, Object> extraFields() {
        return extraFields;
    }

    /** Client-side fault (4xx): {@code Sender} in AWS Query error responses. */
    public boolean isSenderFault() {
        return status < 500;
    }
}
