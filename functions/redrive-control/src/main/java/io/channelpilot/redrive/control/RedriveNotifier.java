package io.channelpilot.redrive.control;

import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.notification.NextAction;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.notification.NotificationSeverity;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.TaskState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Notifications of a finished task (DESIGN §8: identifiers and counts only, never payloads): REDRIVE_FINISHED always,
 * plus POISON_RECORDS (CRITICAL) when the loop guard parked records — the escalation of issue 6 item 4.
 */
final class RedriveNotifier {


    private final NotificationPublisher publisher;
    private final NotificationRenderer renderer;

    RedriveNotifier(NotificationPublisher publisher, NotificationRenderer renderer) {
        this.publisher = publisher;
        this.renderer = renderer;
    }

    void finished(RedriveTask task) {
        RedriveCounters c = task.counters();
        String cluster = ClusterArn.parse(task.request().clusterArn()).name();
        String channel = task.request().channelName();
        NotificationSeverity severity = task.state() == TaskState.FAILED ? NotificationSeverity.CRITICAL
                : c.parked() > 0 || c.failed() > 0 || c.expired() > 0 ? NotificationSeverity.WARNING : NotificationSeverity.INFO;
        String mode = task.request().isDryRun() ? "Dry run" : "Redrive";
        String summary = mode + " task " + task.taskId() + " " + task.state().name().toLowerCase() + ": "
                + c.reproduced() + (task.request().isDryRun() ? " would be" : "") + " re-produced, " + c.parked()
                + " parked (" + c.poison() + " poison), " + c.expired() + " expired past retention, "
                + c.skippedAlreadyDone() + " already done, " + c.failed() + " failed, of " + c.recordsSeen()
                + " records in " + c.objects() + " DLQ objects.";
        List<NextAction> actions = new ArrayList<>();
        actions.add(NextAction.run("Inspect the task", "channel-pilot redrive status --task " + task.taskId()));
        if (c.parked() > 0) {
            actions.add(NextAction.of("Fix the producer or add repair rules for the parked causes, then start a new task"));
        }
        publisher.publish(renderer.render(new Notification(NotificationKind.REDRIVE_FINISHED, severity,
                mode + " " + task.state().name().toLowerCase() + " for " + channel, cluster, task.topic(), channel, "",
                summary, facts(task), actions, NotificationKind.REDRIVE_FINISHED.runbook(), task.taskId())));
        if (c.poison() > 0) {
            publisher.publish(renderer.render(new Notification(NotificationKind.POISON_RECORDS,
                    NotificationSeverity.CRITICAL, c.poison() + " poison records on " + channel, cluster, task.topic(),
                    channel, "", c.poison() + " records reached the redrive loop limit of " + task.request().loopLimit()
                    + " and were parked; they will not be redriven again.", facts(task),
                    List.of(NextAction.of("Fix the producer of these records; the parked offsets are in the task ledger")),
                    NotificationKind.POISON_RECORDS.runbook(), task.taskId())));
        }
    }

    private static Map<String, String> facts(RedriveTask task) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("taskId", task.taskId());
        facts.put("state", task.state().name());
        facts.put("mode", task.request().mode().name());
        task.counters().asMap().forEach((k, v) -> facts.put(k, Long.toString(v)));
        if (!task.failureReason().isEmpty()) {
            facts.put("failureReason", task.failureReason().length() > 500 ? task.failureReason().substring(0, 500)
                    : task.failureReason());
        }
        return facts;
    }
}
