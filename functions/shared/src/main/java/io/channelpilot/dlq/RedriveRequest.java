package io.channelpilot.dlq;

import io.channelpilot.model.RepairRule;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A request to start a redrive task for one channel (DESIGN §7; the UX bar is SQS StartMessageMoveTask). Built by
 * triage when the channel's policy is {@code redrive=auto}, and by the operator CLI.
 *
 * @param causes       only entries of these causes are redriven; empty = every cause
 * @param from         only DLQ entries with a record timestamp at or after this instant (empty = no lower bound)
 * @param to           only DLQ entries with a record timestamp before this instant (empty = no upper bound)
 * @param repairRules  applied in order before pre-validation
 * @param rateCap      records per second for the whole task; empty = the stack default
 * @param requestedBy  who asked: {@code respond-to-alarm} or an operator identity (audit)
 * @param correlationId ties the task to the alarm event / CLI invocation in notifications
 */
public record RedriveRequest(String clusterArn, String channelArn, String channelName, String topic,
                             Set<DlqCause> causes, Optional<Instant> from, Optional<Instant> to,
                             List<RepairRule> repairRules, OptionalDouble rateCap, boolean dryRun,
                             String requestedBy, String correlationId) {

    public RedriveRequest {
        Objects.requireNonNull(clusterArn, "clusterArn");
        Objects.requireNonNull(channelName, "channelName");
        Objects.requireNonNull(topic, "topic");
        channelArn = channelArn == null ? "" : channelArn;
        causes = causes == null ? Set.of() : Set.copyOf(causes);
        from = from == null ? Optional.empty() : from;
        to = to == null ? Optional.empty() : to;
        repairRules = repairRules == null ? List.of() : List.copyOf(repairRules);
        rateCap = rateCap == null ? OptionalDouble.empty() : rateCap;
        requestedBy = requestedBy == null ? "" : requestedBy;
        correlationId = correlationId == null ? "" : correlationId;
    }
}
