package io.channelpilot.local.sfn.exec;

/**
 * A Step Functions API error with the AWS error code (e.g. {@code ExecutionAlreadyExists}), so the local world can
 * answer with the same {@code __type} and SDK clients raise the same exception class.
 */
public final class SfnServiceException extends RuntimeException {

    private final String errorCode;

    public SfnServiceException(String errorCode, String message) {
        super(errorCode + ": " + message);
        this.errorCode = errorCode;
    }

    public String errorCode() {
        return errorCode;
    }
}
