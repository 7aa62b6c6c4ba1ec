package io.channelpilot.cli;

import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.redrive.RedriveOutcome;
import io.channelpilot.redrive.RedriveRefused;
import io.channelpilot.redrive.RedriveTask;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/** Renders redrive outcomes as JSON or as an aligned key/value table. Refusals exit with code 3. */
final class Printer {

    private Printer() {
    }

    static int print(PrintWriter out, OutputFormat format, RedriveOutcome outcome) {
        if (outcome instanceof RedriveOutcome.Done done) {
            RedriveTask t = done.task();
            if (format == OutputFormat.json) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("taskId", t.taskId());
                m.put("state", t.state());
                m.put("channel", t.request().channelName());
                m.put("clusterArn", t.request().clusterArn());
                m.put("topic", t.topic());
                m.put("mode", t.request().mode());
                m.put("counters", t.counters().asMap());
                m.put("failureReason", t.failureReason());
                m.put("executionArn", t.executionArn());
                m.put("startedAt", t.startedAt());
                m.put("finishedAt", t.finishedAt());
                out.println(RedriveJson.write(m));
            } else {
                row(out, "task", t.taskId());
                row(out, "state", t.state().name());
                row(out, "channel", t.request().channelName() + " (" + t.topic() + ")");
                row(out, "mode", t.request().mode().name());
                t.counters().asMap().forEach((k, v) -> row(out, k, Long.toString(v)));
                row(out, "failureReason", t.failureReason());
                row(out, "started", t.startedAt() == null ? "-" : t.startedAt().toString());
                row(out, "finished", t.finishedAt() == null ? "-" : t.finishedAt().toString());
                row(out, "execution", t.executionArn());
            }
            out.flush();
            return 0;
        }
        RedriveRefused r = ((RedriveOutcome.Refused) outcome).refusal();
        if (format == OutputFormat.json) {
            out.println(RedriveJson.write(Map.of("code", r.code().name(), "message", r.message(),
                    "remediation", r.remediation(), "activeTaskId", r.activeTaskId())));
        } else {
            out.println("refused: " + r.code() + ": " + r.message());
            out.println("fix: " + r.remediation());
        }
        out.flush();
        return RedriveCommand.REFUSED;
    }

    static void row(PrintWriter out, String key, String value) {
        out.printf("%-20s %s%n", key, value == null || value.isEmpty() ? "-" : value);
    }
}
