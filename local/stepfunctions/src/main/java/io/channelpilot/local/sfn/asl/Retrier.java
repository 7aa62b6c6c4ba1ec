package io.channelpilot.local.sfn.asl;

import java.util.List;

/**
 * One Retry entry. Defaults per the AWS developer guide (Retrying after an error): IntervalSeconds 1, MaxAttempts 3,
 * BackoffRate 2.0, JitterStrategy NONE; {@code maxDelaySeconds == 0} means no cap.
 */
public record Retrier(List<String> errorEquals, int intervalSeconds, int maxAttempts, double backoffRate,
        int maxDelaySeconds, Jitter jitter) {

    public enum Jitter { FULL, NONE }

    public Retrier {
        errorEquals = List.copyOf(errorEquals);
    }
}
