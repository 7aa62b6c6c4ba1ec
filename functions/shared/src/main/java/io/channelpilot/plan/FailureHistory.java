package io.channelpilot.plan;

/**
 * How many channel instances with one name and one fingerprint ended FAILED (each counted once, by its ARN, including
 * the one there now), against the recreate limit. FAILED is terminal and its recovery is delete, fix, recreate
 * (reference §2); a cause that is not fixed fails every time, so recreating is bounded: while {@code failures <= limit}
 * the planner deletes the FAILED channel so it is created again, after that it leaves it FAILED for a human.
 *
 * @param failures FAILED instances recorded for the fingerprint (≥ 1 when there is a record)
 * @param limit    recreates allowed per fingerprint ({@code CHANNEL_PILOT_FAILED_RECREATE_LIMIT})
 */
public record FailureHistory(int failures, int limit) {

    public static final int DEFAULT_LIMIT = 3;
    public static final String LIMIT_VARIABLE = "CHANNEL_PILOT_FAILED_RECREATE_LIMIT";

    public FailureHistory {
        if (failures < 0 || limit < 0) {
            throw new IllegalArgumentException("failures and limit must be >= 0");
        }
    }

    /** True when the channel failed more often than it may be recreated. */
    public boolean exhausted() {
        return failures > limit;
    }
}
