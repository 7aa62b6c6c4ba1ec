package io.channelpilot.local.sfn.exec;

import io.channelpilot.local.sfn.asl.Retrier;
import io.channelpilot.local.sfn.error.ErrorNames;
import io.channelpilot.local.sfn.error.StatesError;
import java.time.Duration;
import java.util.List;
import java.util.Random;

/**
 * The Retry decision, a pure function of the retriers, the attempts so far and the error.
 * <p>"When a state reports an error, the interpreter scans through the Retriers and, when the Error Name appears in the
 * value of a Retrier's ErrorEquals field, implements the retry policy described in that Retrier" — only the first
 * matching Retrier applies; when it has used MaxAttempts, no later Retrier is consulted (ASL spec, Retrying after error).
 * <p>Delay: "IntervalSeconds ... before the first retry attempt"; "BackoffRate: the multiplier by which the retry
 * interval increases during each attempt"; "MaxDelaySeconds: maximum value, in seconds, up to which a retry interval
 * can increase"; "JitterStrategy FULL: randomizes the delay between 0 and the computed interval" (AWS developer guide,
 * Retrying after an error). "A MaxAttempts value of 0 ... causes the error to never be retried."
 */
final class RetryPolicy {

    /** Retry after {@code delay} using retrier {@code index}, or give up. */
    sealed interface Decision permits Retry, GiveUp {
    }

    record Retry(int index, int attempt, Duration delay) implements Decision {
    }

    record GiveUp() implements Decision {
    }

    private RetryPolicy() {
    }

    /** {@code attempts[i]} counts retries already made by retrier i; it is incremented when a retry is decided. */
    static Decision decide(List<Retrier> retriers, int[] attempts, StatesError error, Random random) {
        if (!error.isRetryable()) {
            return new GiveUp();
        }
        for (int i = 0; i < retriers.size(); i++) {
            Retrier retrier = retriers.get(i);
            if (!ErrorNames.matches(retrier.errorEquals(), error)) {
                continue;
            }
            if (attempts[i] >= retrier.maxAttempts()) {
                return new GiveUp();
            }
            attempts[i]++;
            return new Retry(i, attempts[i], delay(retrier, attempts[i], random));
        }
        return new GiveUp();
    }

    /** Interval × BackoffRate^(attempt−1), capped at MaxDelaySeconds, then FULL jitter draws uniformly in [0, delay). */
    static Duration delay(Retrier retrier, int attempt, Random random) {
        double seconds = retrier.intervalSeconds() * Math.pow(retrier.backoffRate(), attempt - 1);
        if (retrier.maxDelaySeconds() > 0) {
            seconds = Math.min(seconds, retrier.maxDelaySeconds());
        }
        if (retrier.jitter() == Retrier.Jitter.FULL) {
            seconds = seconds * random.nextDouble();
        }
        return Duration.ofMillis(Math.round(seconds * 1000));
    }
}
