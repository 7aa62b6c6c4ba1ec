package io.channelpilot.plan;

import io.channelpilot.spec.TagProblem;
import java.util.List;
import java.util.Objects;

/**
 * Why something produced no intent: a stable code, where, a human sentence and details (e.g. one line per tag
 * problem, each naming the tag and the fix). {@code problems} holds the same tag problems as values (code, tag(s),
 * setting, message, fix), so the owner's notification, the status condition and {@code channel-pilot plan} print
 * every specific code; {@code owner} is the {@code owner=} of the tags involved ("" = the stack's default address).
 */
public record Skip(SkipReason reason, String clusterArn, String topic, String message, List<String> details,
                   List<TagProblem> problems, String owner) {

    public Skip {
        Objects.requireNonNull(reason, "reason");
        clusterArn = clusterArn == null ? "" : clusterArn;
        topic = topic == null ? "" : topic;
        message = message == null ? "" : message;
        details = List.copyOf(details == null ? List.of() : details);
        problems = List.copyOf(problems == null ? List.of() : problems);
        owner = owner == null ? "" : owner;
    }

    /** The shape before problems and owner. */
    public Skip(SkipReason reason, String clusterArn, String topic, String message, List<String> details) {
        this(reason, clusterArn, topic, message, details, List.of(), "");
    }

    public static Skip of(SkipReason reason, String clusterArn, String topic, String message) {
        return new Skip(reason, clusterArn, topic, message, List.of());
    }

    /** A skip caused by tag problems: the details are one line per problem. */
    public static Skip ofProblems(SkipReason reason, String clusterArn, String topic, String message, List<TagProblem> problems,
                                  String owner) {
        return new Skip(reason, clusterArn, topic, message, problems.stream()
                .map(p -> p.code() + ": " + p.message() + " Fix: " + p.remediation()).toList(), problems, owner);
    }
}
