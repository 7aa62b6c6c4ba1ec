package io.channelpilot.redrive;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.channelpilot.dlq.DlqCause;
import io.channelpilot.model.ChannelNames;
import io.channelpilot.model.RepairRule;
import io.channelpilot.model.SafeText;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an operator (or triage with {@code redrive=auto}) asks for; the SQS {@code StartMessageMoveTask} of a channel.
 *
 * @param clusterArn     the channel's cluster
 * @param channelName    the channel (deterministic name, DESIGN §4)
 * @param from           only DLQ entries whose record timestamp is at or after this instant (null = no bound)
 * @param to             only DLQ entries before this instant (null = no bound)
 * @param causes         only entries of these classified causes (empty = every cause)
 * @param repairs        repair rules applied before pre-validation, in order (empty: the channel's own rules apply)
 * @param ratePerSecond  task-wide cap on re-produced records per second (split evenly across MaxConcurrency workers)
 * @param maxConcurrency Distributed Map MaxConcurrency; each worker gets ratePerSecond / maxConcurrency
 * @param loopLimit      a record whose redrive count has reached this is parked as poison (default 2)
 * @param mode           LIVE or DRY_RUN
 * @param requestedBy    who asked (user ARN, "triage", "cli"), for the notification
 */
public record RedriveRequest(String clusterArn, String channelName, Instant from, Instant to, List<DlqCause> causes,
                             List<RepairRule> repairs, int ratePerSecond, int maxConcurrency, int loopLimit,
                             RunMode mode, String requestedBy) {

    public static final int DEFAULT_RATE = 500;
    public static final int DEFAULT_CONCURRENCY = 4;
    public static final int DEFAULT_LOOP_LIMIT = 2;
    /**
     * Highest task-wide rate cap accepted (records per second). The cap is what keeps a redrive from swamping the
     * source topic and the channel; 100 000/s is already beyond what one topic's producers usually sustain, and a
     * larger number would be no cap at all (docs/runbook.md#redrive).
     */
    public static final int MAX_RATE = 100_000;
    /** Distributed Map runs at most 10 000 child executions at once (MaxConcurrency; Step Functions developer guide). */
    public static final int MAX_CONCURRENCY = 10_000;
    /** Highest loop limit: a record redriven this often is poison by any measure. */
    public static final int MAX_LOOP_LIMIT = 100;

    public RedriveRequest {
        Objects.requireNonNull(clusterArn, "clusterArn");
        Objects.requireNonNull(channelName, "channelName");
        causes = List.copyOf(causes == null ? List.of() : causes);
        repairs = List.copyOf(repairs == null ? List.of() : repairs);
        ratePerSecond = ratePerSecond == 0 ? DEFAULT_RATE : ratePerSecond;
        maxConcurrency = maxConcurrency == 0 ? DEFAULT_CONCURRENCY : maxConcurrency;
        loopLimit = loopLimit == 0 ? DEFAULT_LOOP_LIMIT : loopLimit;
        mode = mode == null ? RunMode.LIVE : mode;
        requestedBy = requestedBy == null ? "" : requestedBy;
        if (ratePerSecond < 0 || maxConcurrency < 0 || loopLimit < 0) {
            throw new IllegalArgumentException("rate, concurrency and loop limit must be positive");
        }
        if (ratePerSecond > MAX_RATE) {
            throw new IllegalArgumentException("rate " + ratePerSecond + "/s is above the maximum of " + MAX_RATE + "/s");
        }
        if (maxConcurrency > MAX_CONCURRENCY) {
            throw new IllegalArgumentException("MaxConcurrency " + maxConcurrency + " is above Step Functions' Distributed Map "
                    + "maximum of " + MAX_CONCURRENCY);
        }
        if (loopLimit > MAX_LOOP_LIMIT) {
            throw new IllegalArgumentException("loop limit " + loopLimit + " is above the maximum of " + MAX_LOOP_LIMIT);
        }
        if (!ChannelNames.isValid(channelName)) {
            throw new IllegalArgumentException("channel '" + SafeText.of(channelName, 80) + "' is not a channel name "
                    + "(1-64 of [a-zA-Z0-9._-])");
        }
        if (ratePerSecond < maxConcurrency) {
            throw new IllegalArgumentException("rate " + ratePerSecond + "/s is below MaxConcurrency " + maxConcurrency
                    + ": every worker needs at least 1 record/s");
        }
        if (from != null && to != null && !from.isBefore(to)) {
            throw new IllegalArgumentException("--from " + from + " must be before --to " + to);
        }
    }

    /** A live request with the defaults, for one channel. */
    public static RedriveRequest of(String clusterArn, String channelName) {
        return new RedriveRequest(clusterArn, channelName, null, null, List.of(), List.of(), 0, 0, 0, RunMode.LIVE, "");
    }

    @JsonIgnore
    public Optional<Instant> fromTime() {
        return Optional.ofNullable(from);
    }

    @JsonIgnore
    public Optional<Instant> toTime() {
        return Optional.ofNullable(to);
    }

    /** Records per second one worker may re-produce: MaxConcurrency × this = the task cap. */
    @JsonIgnore
    public double perWorkerRate() {
        return (double) ratePerSecond / maxConcurrency;
    }

    @JsonIgnore
    public boolean isDryRun() {
        return mode == RunMode.DRY_RUN;
    }

    /** True when the entry's timestamp and cause pass the filters; an entry without a timestamp passes time filters. */
    public boolean selects(Instant timestamp, DlqCause cause) {
        if (!causes.isEmpty() && !causes.contains(cause)) {
            return false;
        }
        if (timestamp == null) {
            return true;
        }
        return (from == null || !timestamp.isBefore(from)) && (to == null || timestamp.isBefore(to));
    }
}
