package io.channelpilot.local.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.HistoryEvent;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.local.world.msk.ChannelView;
import io.channelpilot.local.world.workflow.WorkflowHost;
import io.channelpilot.gateway.DynamoDbRedriveTaskStore;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveTask;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The demo's last act, on call (issue 6): nobody calls anything here — the virtual clock moves and the product answers.
 * The channel's DLQDeliverySuccess alarm fires in the world's CloudWatch, the template's EventBridge rule routes it to
 * respond-to-alarm, triage counts the causes and, because the tag rule says {@code redrive=auto} with repair rules,
 * starts the redrive-dlq state machine (Distributed Map of redrive-batch, real Kafka re-produce); the repaired copies
 * land as Iceberg rows at the next commit, what no rule can fix is parked with its reason, and the alarm's return to OK
 * sends the resolved notification. The demo then runs the triage notification's own "follow" command through the
 * operator CLI. Printed lines carry identifiers, counts, causes and offsets only — never record values.
 */
final class OnCallAct {

    /** At most this many one-minute steps for each phase; the world is deterministic, so these are generous bounds. */
    static final int MAX_STEPS = 12;

    private final LocalWorld world;
    private final Instant start;
    private final BiConsumer<Boolean, String> expect;

    OnCallAct(LocalWorld world, Instant start, BiConsumer<Boolean, String> expect) {
        this.world = world;
        this.start = start;
        this.expect = expect;
    }

    /** Expected outcome of the act, from the records act 3 produced. */
    record Expected(long missingAmount, long amountAsText, long repairable, long parked) {
    }

    void run(ChannelView channel, TableId table, Expected expected) {
        try (DynamoDbClient dynamo = LocalClients.dynamo(world.server().endpoint(), world.file().region())) {
            run(channel, table, expected, dynamo);
        }
    }

    private void run(ChannelView channel, TableId table, Expected expected, DynamoDbClient dynamo) {
        // the name provisioning gives a new channel's alarm (account-wide, so it carries the cluster)
        String alarm = io.channelpilot.model.ResourceNames.alarm(channel.clusterArn(), channel.spec().name(),
                "DeliveryToIceberg.DLQDeliverySuccess", io.channelpilot.model.NameScope.CLUSTER);
        long rowsBefore = world.warehouse().rowCount(table);
        DemoCommand.say("");
        DemoCommand.say("4. On call, nobody typing: the DLQ alarm fires, triage counts the causes and, as the rule says"
                + " redrive=auto,");
        DemoCommand.say("   redrives with its repair rules default:/amount=0 and coerce:/amount=number:");
        Optional<JsonNode> triage = alarmAndTriage(alarm, channel.spec().name(), expected);
        if (triage.isEmpty()) {
            return;
        }
        redrive(triage.get(), channel.spec().name(), expected, dynamo);
        landAndResolve(alarm, channel.spec().name(), table, rowsBefore, rowsBefore + expected.repairable());
    }

    /** The alarm fires, EventBridge routes it, respond-to-alarm publishes the triage (and, redrive=auto, redrives). */
    private Optional<JsonNode> alarmAndTriage(String alarm, String channel, Expected expected) {
        Optional<JsonNode> fired = stepUntil(() -> stateChange(alarm, "ALARM"));
        expect.accept(fired.isPresent(), "the " + alarm + " alarm fires within " + MAX_STEPS + " minutes");
        if (fired.isEmpty()) {
            return Optional.empty();
        }
        DemoCommand.say("   " + at(fired.get()) + "  CloudWatch: " + alarm + " → ALARM (DLQDeliverySuccess > 0)");
        String eventId = fired.get().path("id").asText();
        List<WorkflowHost.Delivery> routed = world.workflows().deliveries().stream()
                .filter(d -> d.eventId().equals(eventId)).toList();
        routed.forEach(d -> DemoCommand.say("          EventBridge rule " + d.ruleId() + " → " + d.target()
                + " (" + d.result() + ")"));
        expect.accept(routed.stream().anyMatch(d -> d.target().equals("RespondToAlarmFunction")
                && d.result().equals("invoked")), "the alarm event is routed to RespondToAlarmFunction");

        Optional<JsonNode> triage = lastNotification("DLQ_TRIAGE", channel);
        expect.accept(triage.isPresent(), "a DLQ_TRIAGE notification for " + channel);
        triage.ifPresent(n -> {
            printTriage(n);
            Optional<JsonNode> chat = ChatPreview.find(world, "DLQ_TRIAGE", channel);
            chat.ifPresent(ChatPreview::print);
            expect.accept(chat.isPresent() && chat.get().path("source").asText().equals("custom")
                    && chat.get().at("/content/nextSteps").toString().contains("channel-pilot redrive status --task"),
                    "the triage notification carries the Chatbot form with the redrive command");
            long records = expected.missingAmount() + expected.amountAsText();
            expect.accept(n.at("/facts/records").asText().equals(Long.toString(records)), "triage counts " + records
                    + " records");
            expect.accept(n.at("/facts/cause.MISSING_REQUIRED_FIELD").asText().startsWith(expected.missingAmount()
                    + " at /amount"), "triage counts " + expected.missingAmount() + " MISSING_REQUIRED_FIELD at /amount");
            expect.accept(n.at("/facts/cause.TYPE_MISMATCH").asText().startsWith(expected.amountAsText() + " at /amount"),
                    "triage counts " + expected.amountAsText() + " TYPE_MISMATCH at /amount");
            expect.accept(!n.at("/facts/redriveTask").asText().isEmpty(), "triage started a redrive (redrive=auto)");
        });
        return triage;
    }

    /** The execution triage started, its counters through the notification's own command, what was parked and why. */
    private void redrive(JsonNode triage, String channel, Expected expected, DynamoDbClient dynamo) {
        String taskId = triage.at("/facts/redriveTask").asText();
        printRedriveExecutions();
        String follow = followCommand(triage);
        expect.accept(follow != null, "the triage notification names the command to follow the redrive");
        if (follow != null) {
            runOperatorCli(follow);
        }
        RedriveTask task = new DynamoDbRedriveTaskStore(dynamo, world.stack().statusTable(), world.clock())
                .find(taskId).orElse(null);
        RedriveCounters c = task == null ? RedriveCounters.ZERO : task.counters();
        expect.accept(task != null && task.state().name().equals("SUCCEEDED"), "the redrive task SUCCEEDED");
        expect.accept(c.reproduced() == expected.repairable(), expected.repairable()
                + " repaired records re-produced, found " + c.reproduced());
        expect.accept(c.parked() == expected.parked(), expected.parked() + " records parked, found " + c.parked());
        lastNotification("REDRIVE_FINISHED", channel).ifPresentOrElse(
                n -> DemoCommand.say("   notified: " + n.path("title").asText() + " — " + n.path("summary").asText()),
                () -> expect.accept(false, "a REDRIVE_FINISHED notification"));

        List<String> parked = parkedWithReasons(dynamo, taskId);
        DemoCommand.say("   parked (task ledger, status table): " + parked.size() + " record(s) no repair rule could fix,"
                + " left in the DLQ:");
        parked.forEach(p -> DemoCommand.say("     " + p));
        expect.accept(parked.size() == expected.parked(), expected.parked()
                + " parked ledger entries with a reason, found " + parked.size());
    }

    /**
     * Chronologically, each printed at the virtual minute it happens: the repaired copies land at the channel's next
     * commit; the alarm returns to OK once a period passes without dead letters, and respond-to-alarm says so.
     */
    private void landAndResolve(String alarm, String channel, TableId table, long rowsBefore, long want) {
        boolean landed = false;
        Optional<JsonNode> ok = Optional.empty();
        Optional<JsonNode> resolved = Optional.empty();
        for (int i = 0; i <= MAX_STEPS && !(landed && resolved.isPresent()); i++) {
            if (i > 0) {
                world.advance(Duration.ofMinutes(1));
            }
            long rows = world.warehouse().rowCount(table);
            if (!landed && rows > rowsBefore) {
                landed = true;
                DemoCommand.say("   " + now() + "  rows in " + table.namespace() + "." + table.name() + ": " + rowsBefore
                        + " → " + rows + " (the repaired copies, at the channel's next commit)");
                expect.accept(rows == want, "the repaired records land as rows (" + rowsBefore + " → " + want
                        + "), found " + rows);
            }
            if (ok.isEmpty()) {
                ok = stateChange(alarm, "OK").filter(e -> e.at("/detail/previousState/value").asText().equals("ALARM"));
                ok.ifPresent(e -> DemoCommand.say("   " + at(e) + "  CloudWatch: " + alarm + " → OK"));
            }
            if (resolved.isEmpty()) {
                resolved = lastNotification("ALARM_RESOLVED", channel)
                        .filter(n -> n.at("/facts/previousState").asText().equals("ALARM"));
                resolved.ifPresent(n -> DemoCommand.say("          respond-to-alarm notified "
                        + n.path("owner").asText("(no owner)") + ": " + n.path("title").asText()));
            }
        }
        expect.accept(landed, "the repaired records land as rows within " + MAX_STEPS + " minutes");
        expect.accept(resolved.isPresent() && resolved.get().at("/facts/alarm").asText().equals(alarm),
                "an ALARM_RESOLVED notification for " + alarm);
    }

    private void printTriage(JsonNode n) {
        DemoCommand.say("          respond-to-alarm notified " + n.path("owner").asText("(no owner)") + ": "
                + n.path("title").asText());
        n.path("facts").fields().forEachRemaining(f -> {
            if (f.getKey().startsWith("cause.") || List.of("records", "redrivePolicy", "redriveTask").contains(f.getKey())) {
                DemoCommand.say("            " + f.getKey() + ": " + f.getValue().asText());
            }
        });
        n.path("actions").forEach(a -> DemoCommand.say("            → " + a.path("label").asText()
                + (a.path("command").isMissingNode() || a.path("command").isNull() ? "" : ": " + a.path("command").asText())));
    }

    private void printRedriveExecutions() {
        String arn = world.workflows().stateMachineArn("RedriveDlqStateMachine");
        List<ExecutionDescription> runs = new ArrayList<>(world.workflows().executions().list(arn, null));
        runs.sort(Comparator.comparing(ExecutionDescription::startDate));
        expect.accept(runs.size() == 1, "one redrive-dlq execution, found " + runs.size());
        for (ExecutionDescription d : runs) {
            List<String> states = new ArrayList<>();
            for (HistoryEvent e : d.events()) {
                if (e.stateName() != null && e.type().endsWith("Entered") && !states.contains(e.stateName())) {
                    states.add(e.stateName());
                }
            }
            DemoCommand.say("          redrive-dlq execution " + d.name() + " " + d.status() + ": " + String.join(" → ", states));
        }
    }

    /** Runs the notification's command with the in-process operator CLI, pointed at the world. */
    private void runOperatorCli(String command) {
        List<String> args = new ArrayList<>(List.of(command.trim().split("\\s+")));
        args.remove(0); // "channel-pilot"
        args.addAll(List.of("--endpoint-url", world.server().endpoint().toString(), "--table", world.stack().statusTable()));
        StringWriter out = new StringWriter();
        int exit = ChannelPilot.run(args.toArray(String[]::new), world.clientEnvironment(), new PrintWriter(out),
                new PrintWriter(out));
        DemoCommand.say("   $ " + command);
        out.toString().lines().forEach(l -> DemoCommand.say("     " + l));
        expect.accept(exit == 0, "'" + command + "' exits 0, was " + exit);
    }

    private static String followCommand(JsonNode triage) {
        for (JsonNode a : triage.path("actions")) {
            String command = a.path("command").asText("");
            if (command.startsWith("channel-pilot redrive status")) {
                return command;
            }
        }
        return null;
    }

    /** The task's PARKED ledger entries as {@code topic/partition/offset: reason} (identifiers and codes only). */
    private List<String> parkedWithReasons(DynamoDbClient dynamo, String taskId) {
        List<String> out = new ArrayList<>();
        String prefix = "LEDGER#" + taskId + "#";
        dynamo.scanPaginator(r -> r.tableName(world.stack().statusTable())
                .filterExpression("begins_with(pk, :p) AND #s = :parked")
                .expressionAttributeNames(Map.of("#s", "state"))
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(prefix), ":parked", AttributeValue.fromS("PARKED"))))
                .items().forEach(item -> out.add(item.get("pk").s().substring(prefix.length()) + ": " + item.get("reason").s()));
        out.sort(null);
        return out;
    }

    /** Advances the virtual clock a minute at a time until {@code probe} answers (or {@link #MAX_STEPS} pass). */
    private <T> Optional<T> stepUntil(java.util.function.Supplier<Optional<T>> probe) {
        Optional<T> found = probe.get();
        for (int i = 0; i < MAX_STEPS && found.isEmpty(); i++) {
            world.advance(Duration.ofMinutes(1));
            found = probe.get();
        }
        return found;
    }

    private Optional<JsonNode> stateChange(String alarm, String state) {
        List<JsonNode> events = world.events().published().stream()
                .filter(e -> e.at("/detail/alarmName").asText().equals(alarm))
                .filter(e -> e.at("/detail/state/value").asText().equals(state)).toList();
        return events.isEmpty() ? Optional.empty() : Optional.of(events.get(events.size() - 1));
    }

    private Optional<JsonNode> lastNotification(String kind, String channelName) {
        List<JsonNode> matching = DemoCommand.notifications(world, kind).stream()
                .filter(n -> n.path("channel").asText().equals(channelName)).toList();
        return matching.isEmpty() ? Optional.empty() : Optional.of(matching.get(matching.size() - 1));
    }

    private String now() {
        return "+" + Duration.between(start, world.clock().instant()).toSeconds() + "s";
    }

    private String at(JsonNode event) {
        return "+" + Duration.between(start, Instant.parse(event.path("time").asText())).toSeconds() + "s";
    }
}
