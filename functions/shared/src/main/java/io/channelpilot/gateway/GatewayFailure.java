package io.channelpilot.gateway;

import java.util.Objects;

/**
 * Why an AWS call gave no answer, classified by {@link AwsErrors#classify}. {@code permission} is the IAM action the call needs, so a
 * finding can name what to grant.
 */
public record GatewayFailure(AwsErrorKind kind, String service, String operation, String permission, String errorCode,
                             String detail) {

    public GatewayFailure {
        Objects.requireNonNull(kind, "kind");
        errorCode = errorCode == null ? "" : errorCode;
        detail = detail == null ? "" : detail;
    }

    /** One readable sentence for a finding's message. */
    public String describe() {
        String code = errorCode.isEmpty() ? "" : " (" + errorCode + ")";
        switch (kind) {
            case ACCESS_DENIED:
                return service + " " + operation + " was denied" + code + "; missing permission " + permission;
            case THROTTLED:
                return service + " " + operation + " was throttled" + code;
            case UNAVAILABLE:
                return service + " " + operation + " failed: service or network unavailable" + code;
            default:
                return service + " " + operation + " failed" + code + (detail.isEmpty() ? "" : ": " + detail);
        }
    }

    /** What to do so the check can run next time. */
    public String remediation() {
        switch (kind) {
            case ACCESS_DENIED:
                return "Grant " + permission + " to the validate-channel function's role, then validate again.";
            case THROTTLED:
            case UNAVAILABLE:
                return "Validate again later; the check could not run (" + permission + ").";
            default:
                return "Check the request parameters and validate again; the check could not run (" + permission + ").";
        }
    }
}
