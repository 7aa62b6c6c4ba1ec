package io.channelpilot.redrive;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.store.StatusStore;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.channelpilot.events.EventPublisher;
import io.channelpilot.events.ChannelPilotEvents;

/**
 * Publishes {@value ChannelPilotEvents#REDRIVE_TASK_STATE_CHANGE} once per state a redrive task reaches (docs/reference.md#events).
 * A task passes PENDING → RUNNING → SUCCEEDED | FAILED | CANCELLED (or PENDING → FAILED | CANCELLED), each state once,
 * so (task, state) identifies a transition: every step that changes a task — start and cancel ({@code RedriveService}),
 * Prepare and Summarise (redrive-control) — calls {@link #publish} with the task as it now is, which claims and puts
 * every state of its path not yet published, in order. A retried step therefore publishes what its failed attempt did
 * not, and never twice. Publishing never fails the caller.
 */
public final class RedriveTaskEvents {

    private static final Logger LOG = LoggerFactory.getLogger(RedriveTaskEvents.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Publishes nothing (tests, callers without a bus). */
    public static final RedriveTaskEvents NONE = new RedriveTaskEvents(EventPublisher.NONE, null);

    private final EventPublisher publisher;
    private final StatusStore claims;

    public RedriveTaskEvents(EventPublisher publisher, StatusStore claims) {
        this.publisher = publisher;
        this.claims = claims;
    }

    /** @return the states this call published */
    public List<TaskState> publish(RedriveTask task) {
        List<TaskState> out = new ArrayList<>();
        if (claims == null) {
            return out;
        }
        String from = "NONE";
        for (TaskState state : path(task)) {
            String claim = "TASKSTATE#" + task.taskId() + "#" + state;
            try {
                if (claims.claimNotification(claim, ChannelPilotEvents.CLAIM_TTL)) {
                    try {
                        publisher.put(ChannelPilotEvents.REDRIVE_TASK_STATE_CHANGE, detail(task, from, state).toString(), resources(task));
                        out.add(state);
                    } catch (RuntimeException e) {
                        claims.releaseNotification(claim);
                        throw e;
                    }
                }
            } catch (RuntimeException e) {
                LOG.warn("redrive task event not published task={} state={}: {}", task.taskId(), state, e.toString());
                return out; // later states wait: a consumer never sees RUNNING after SUCCEEDED
            }
            from = state.name();
        }
        return out;
    }

    /** Every state the task has been in, in order. */
    static List<TaskState> path(RedriveTask task) {
        List<TaskState> path = new ArrayList<>(List.of(TaskState.PENDING));
        if (task.startedAt() != null || task.state() == TaskState.RUNNING) {
            path.add(TaskState.RUNNING);
        }
        if (!task.state().isActive()) {
            path.add(task.state());
        }
        return path;
    }

    /** The {@code detail} (docs/schemas/redrive-task-state-change.schema.json). */
    public static ObjectNode detail(RedriveTask task, String from, TaskState to) {
        String arn = task.request().clusterArn();
        ObjectNode d = JSON.createObjectNode().put("version", ChannelPilotEvents.DETAIL_VERSION).put("taskId", task.taskId())
                .put("cluster", ClusterArn.isValid(arn) ? ClusterArn.parse(arn).name() : arn).put("clusterArn", arn)
                .put("topic", task.topic()).put("channel", task.request().channelName()).put("from", from).put("to", to.name())
                .put("mode", task.request().mode().name()).put("requestedBy", task.request().requestedBy())
                .put("executionArn", task.executionArn());
        String code = to == task.state() && !task.failureReason().isEmpty() ? task.failureReason().split(":", 2)[0].strip() : "";
        d.put("reason", to == task.state() ? task.failureReason() : "");
        d.putArray("codes");
        if (!code.isEmpty()) {
            ((com.fasterxml.jackson.databind.node.ArrayNode) d.get("codes")).add(code);
        }
        ObjectNode counters = d.putObject("counters");
        if (!to.isActive()) {
            task.counters().asMap().forEach(counters::put);
        }
        return d;
    }

    private static List<String> resources(RedriveTask task) {
        return task.executionArn().startsWith("arn:") ? List.of(task.executionArn()) : List.of();
    }
}
