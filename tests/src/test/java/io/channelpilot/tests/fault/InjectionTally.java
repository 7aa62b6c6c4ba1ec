package io.channelpilot.tests.fault;

import io.channelpilot.local.world.http.ApiCallLog;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the fault injector did over a window of the world's call log, per operation class: calls, throttles, 5xx
 * instead of the call, and lost responses (5xx after the call took effect). With one rule on every operation, each
 * call draws once, so each count is binomial in the class's calls with the configured rate; {@link #departures}
 * names every count that is zero or further than {@code sigmas} standard deviations from rate x calls, which is how
 * the suite proves the faults it claims were really injected (issue 16.4).
 */
final class InjectionTally {

    /** Reads never change the world; writes do (or would), so their lost responses are the ones retries must absorb. */
    enum OperationClass { READ, WRITE }

    /** Per-call counts of one class. */
    record Counts(long calls, long throttled, long serverErrors, long lostResponses) {
        Counts plus(ApiCallLog.Call c) {
            return new Counts(calls + 1, throttled + ("throttle".equals(c.fault()) ? 1 : 0),
                    serverErrors + ("5xx".equals(c.fault()) ? 1 : 0), lostResponses + ("5xx-after".equals(c.fault()) ? 1 : 0));
        }
    }

    private static final Pattern READ = Pattern.compile("[^:]+:(Get|Describe|List|Head|Query|Scan|BatchGet|Search|Lookup).*");

    private final Map<OperationClass, Counts> byClass = new EnumMap<>(OperationClass.class);

    private InjectionTally() {
        for (OperationClass c : OperationClass.values()) {
            byClass.put(c, new Counts(0, 0, 0, 0));
        }
    }

    /** Tallies {@code calls}; calls the emulator could not name ({@code service:?}) never reach the injector. */
    static InjectionTally of(List<ApiCallLog.Call> calls) {
        InjectionTally t = new InjectionTally();
        for (ApiCallLog.Call c : calls) {
            if (!c.key().endsWith(":?")) {
                t.byClass.computeIfPresent(classOf(c.key()), (k, n) -> n.plus(c));
            }
        }
        return t;
    }

    static OperationClass classOf(String key) {
        return READ.matcher(key).matches() ? OperationClass.READ : OperationClass.WRITE;
    }

    Counts of(OperationClass c) {
        return byClass.get(c);
    }

    /**
     * Every count that is zero or outside {@code rate x calls ± sigmas x sqrt(calls x rate x (1 - rate))}, as
     * "CLASS kind: observed n, expected e ± d"; empty when the injection matches the rates.
     */
    List<String> departures(double throttle, double serverError, double lostResponse, double sigmas) {
        List<String> out = new ArrayList<>();
        byClass.forEach((c, n) -> {
            check(out, c + " throttled", n.throttled(), n.calls(), throttle, sigmas);
            check(out, c + " 5xx", n.serverErrors(), n.calls(), serverError, sigmas);
            check(out, c + " lost responses", n.lostResponses(), n.calls(), lostResponse, sigmas);
        });
        return out;
    }

    private static void check(List<String> out, String what, long observed, long calls, double rate, double sigmas) {
        double expected = calls * rate;
        double band = sigmas * Math.sqrt(calls * rate * (1 - rate));
        if (observed == 0 || Math.abs(observed - expected) > band) {
            out.add(String.format(Locale.ROOT, "%s: observed %d of %d calls, expected %.1f ± %.1f", what, observed, calls,
                    expected, band));
        }
    }

    /** "READ 612 calls: 180 throttled, 20 5xx, 11 lost; WRITE ..." for the suite's line. */
    String summary() {
        List<String> parts = new ArrayList<>();
        byClass.forEach((c, n) -> parts.add(String.format(Locale.ROOT, "%s %d calls: %d throttled, %d 5xx, %d lost responses",
                c, n.calls(), n.throttled(), n.serverErrors(), n.lostResponses())));
        return String.join("; ", parts);
    }
}
