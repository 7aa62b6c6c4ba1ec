package io.channelpilot.plan;

import java.util.List;
import java.util.Objects;

/**
 * Why something produced no intent: a stable code, where, a human sentence and details (e.g. one line per tag
 * problem, each naming the tag and the fix).
 */
public record Skip(SkipReason reason, String clusterArn, String topic, String message, List<String> details) {

    public Skip {
        Objects.requireNonNull(reason, "reason");
        clusterArn = clusterArn == null ? "" : clusterArn;
        topic = topic == null ? "" : topic;
        message = message == null ? "" : message;
        details = List.copyOf(details == null ? List.of() : details);
    }

    public static Skip of(SkipReason reason, String clusterArn, String topic, String message) {
        return new Skip(reason, clusterArn, topic, message, List.of());
    }
}
