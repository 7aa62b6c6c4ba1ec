package io.channelpilot.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.model.ClusterArn;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * What starts a sweep: the schedule's EventBridge event ({@code source aws.events}, {@code detail-type "Scheduled
 * Event"}, its {@code time}) or an on-demand request {@code {"source":"channel-pilot.reconcile","sweepId"?,
 * "clusterArn"?}}. Without a sweep id the id is the schedule slot the time falls in ({@code sweep-<epoch minutes of
 * the slot start>}), so a duplicated scheduled event, a retry and an on-demand sweep in the same slot share one id and
 * therefore one set of execution names.
 *
 * @param slot  the schedule slot number (time / interval), also used to rotate the verification slice
 */
record SweepRequest(String sweepId, Optional<String> clusterArn, long slot) {

    static final String SOURCE = "channel-pilot.reconcile";

    /** Parses the input; a bad input is a {@link ReconcileError} (never a throw). */
    static Parsed parse(JsonNode input, Instant now, Duration interval) {
        if (input == null || !input.isObject()) {
            return Parsed.error(ReconcileError.of(ReconcileErrorCode.INPUT_NOT_OBJECT, "$", "the sweep input is not a JSON object"));
        }
        String source = text(input, "source");
        if (source.equals("aws.events") && text(input, "detail-type").equals("Scheduled Event")) {
            Instant at;
            try {
                at = Instant.parse(text(input, "time"));
            } catch (DateTimeParseException e) {
                return Parsed.error(ReconcileError.of(ReconcileErrorCode.INPUT_FIELD_INVALID, "time", "scheduled event time '"
                        + text(input, "time") + "' is not ISO-8601"));
            }
            long slot = slotOf(at, interval);
            return Parsed.ok(new SweepRequest(idOf(slot, interval), Optional.empty(), slot));
        }
        if (!source.equals(SOURCE)) {
            return Parsed.error(ReconcileError.of(ReconcileErrorCode.INPUT_SOURCE_UNKNOWN, "source", "source '" + source
                    + "' is neither the schedule (aws.events Scheduled Event) nor " + SOURCE));
        }
        String cluster = text(input, "clusterArn");
        if (!cluster.isEmpty() && !ClusterArn.isValid(cluster)) {
            return Parsed.error(ReconcileError.of(ReconcileErrorCode.INPUT_FIELD_INVALID, "clusterArn", "'" + cluster
                    + "' is not an MSK cluster ARN"));
        }
        long slot = slotOf(now, interval);
        String id = text(input, "sweepId");
        if (!id.isEmpty() && !id.matches("[A-Za-z0-9_.:-]{1,64}")) {
            return Parsed.error(ReconcileError.of(ReconcileErrorCode.INPUT_FIELD_INVALID, "sweepId", "sweepId '" + id
                    + "' is not 1-64 letters, digits, '_', '.', ':' or '-'"));
        }
        return Parsed.ok(new SweepRequest(id.isEmpty() ? idOf(slot, interval) : id,
                cluster.isEmpty() ? Optional.empty() : Optional.of(cluster), slot));
    }

    static long slotOf(Instant at, Duration interval) {
        return Math.floorDiv(at.getEpochSecond(), Math.max(60, interval.getSeconds()));
    }

    static String idOf(long slot, Duration interval) {
        return "sweep-" + Instant.ofEpochSecond(slot * Math.max(60, interval.getSeconds())).toString()
                .replace(":", "").replace("-", "").replace("T", "t").replace("Z", "z");
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isTextual() ? v.asText().trim() : "";
    }

    /** A request or an error. */
    sealed interface Parsed permits Ok, Error {
        static Parsed ok(SweepRequest r) {
            return new Ok(r);
        }

        static Parsed error(ReconcileError e) {
            return new Error(e);
        }
    }

    record Ok(SweepRequest request) implements Parsed {
    }

    record Error(ReconcileError error) implements Parsed {
    }
}
