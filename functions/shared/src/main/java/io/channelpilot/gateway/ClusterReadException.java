package io.channelpilot.gateway;

/**
 * A definite (non-retryable) failure to read a cluster's state. {@link #code()} is stable; the message names the
 * operation and the IAM permission involved so the error value built from it can say what to grant.
 */
public final class ClusterReadException extends RuntimeException {

    /** Stable codes. */
    public enum Code {
        /** DescribeClusterV2 answered 404: the cluster does not exist (any more) in this account/region. */
        CLUSTER_NOT_FOUND,
        /** The function's role lacks a read permission. */
        READ_DENIED,
        /** Any other client-side error answer (4xx) from MSK. */
        READ_FAILED
    }

    private final Code code;
    private final String operation;
    private final String permission;

    public ClusterReadException(Code code, String operation, String permission, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.operation = operation;
        this.permission = permission;
    }

    public Code code() {
        return code;
    }

    public String operation() {
        return operation;
    }

    public String permission() {
        return permission;
    }
}
