package io.channelpilot.local.world.http;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Faults for the calls whose "service:Operation" key matches {@code match} ({@code *} is a wildcard, e.g.
 * {@code kafka:*} or {@code *}). Probabilities are drawn from the world's seeded random, so a run is repeatable.
 *
 * @param match          key pattern
 * @param throttleRate   probability in [0,1] that a call fails with the service's throttling error
 * @param serverErrorRate probability in [0,1] that a call fails with a 5xx internal error
 * @param latency        added to every matching call (on the injector's sleeper)
 * @param scripted       one-off failures at given call numbers
 * @param serverErrorAfterRate probability in [0,1] that a call is carried out by the emulator and then answered with a
 *                       5xx anyway: the change happened, the caller cannot tell (a lost response; AWS documents that a
 *                       500 may follow a request that succeeded), so retries must be idempotent
 */
public record FaultRule(String match, double throttleRate, double serverErrorRate, Duration latency,
                        List<ScriptedFailure> scripted, double serverErrorAfterRate) {

    public FaultRule {
        Objects.requireNonNull(match, "match");
        requireRate("throttleRate", throttleRate);
        requireRate("serverErrorRate", serverErrorRate);
        requireRate("serverErrorAfterRate", serverErrorAfterRate);
        if (throttleRate + serverErrorRate + serverErrorAfterRate > 1.0) {
            throw new IllegalArgumentException("throttleRate + serverErrorRate + serverErrorAfterRate must not exceed 1, was "
                    + (throttleRate + serverErrorRate + serverErrorAfterRate) + " for " + match);
        }
        latency = latency == null ? Duration.ZERO : latency;
        scripted = scripted == null ? List.of() : List.copyOf(scripted);
    }

    /** Faults decided before the emulator runs only (the world file's {@code faults} entries). */
    public FaultRule(String match, double throttleRate, double serverErrorRate, Duration latency,
                     List<ScriptedFailure> scripted) {
        this(match, throttleRate, serverErrorRate, latency, scripted, 0);
    }

    /**
     * Fail the {@code fromCall}-th matching call (1-based, counted per key) and the {@code times - 1} after it
     * with the given status and error code.
     */
    public record ScriptedFailure(int fromCall, int times, int status, String code, String message) {
        public ScriptedFailure {
            if (fromCall < 1) {
                throw new IllegalArgumentException("fromCall must be >= 1, was " + fromCall);
            }
            if (times < 1) {
                throw new IllegalArgumentException("times must be >= 1, was " + times);
            }
            Objects.requireNonNull(code, "code");
            message = message == null ? "Scripted failure" : message;
        }

        boolean covers(long callNumber) {
            return callNumber >= fromCall && callNumber < (long) fromCall + times;
        }
    }

    public boolean matches(String key) {
        return glob(match, key);
    }

    static boolean glob(String pattern, String text) {
        return text.matches(("\\Q" + pattern + "\\E").replace("*", "\\E.*\\Q"));
    }

    private static void requireRate(String name, double rate) {
        if (rate < 0 || rate > 1 || Double.isNaN(rate)) {
            throw new IllegalArgumentException(name + " must be within [0,1], was " + rate);
        }
    }
}
