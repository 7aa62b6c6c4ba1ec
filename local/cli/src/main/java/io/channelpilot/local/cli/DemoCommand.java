package io.channelpilot.local.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.HistoryEvent;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.WorldReport;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.local.world.msk.ChannelView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * {@code demo}: the main job, offline, with a readable timeline. Tags an Express cluster and lets the real
 * provisioning state machine create a monitored channel; tags a Standard cluster and shows the refusal with the
 * alternatives; produces good and bad records and shows rows landing in the Iceberg table and DLQ entries appearing;
 * then, on call ({@link OnCallAct}), the DLQ alarm's triage redrives the repairable records and the alarm resolves.
 * Exits non-zero if any step does not happen as described.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run the main job offline: tag → validate → provision → ACTIVE → rows in Iceberg, refusal with alternatives;"
                + " then on call: alarm → triage → redrive with repair rules → rows land → resolved.")
final class DemoCommand implements Callable<Integer> {

    static final String EXPRESS = "demo";
    static final String STANDARD = "legacy-standard";
    static final String RULE_KEY = "channel-pilot/orders";
    /**
     * The rule of act 1. {@code redrive=auto} plus two repair rules (tag form, {@code @} for the colon) is what act 4
     * shows: triage redrives the causes these rules cover on its own.
     */
    static final String RULE = "prefix=orders. namespace=sales schema=sales/orders partition=event_time freshness=300 owner=commerce"
            + " redrive=auto repair=default@/amount=0 repair=coerce@/amount=number";

    @Mixin
    WorldOptions worldOptions = new WorldOptions();

    private final List<String> failures = new ArrayList<>();
    private Instant start;

    DemoCommand() {
        worldOptions.world = Path.of("local/worlds/demo.json");
    }

    @Override
    public Integer call() throws Exception {
        long wallStart = System.nanoTime();
        try (LocalWorld world = worldOptions.start()) {
            start = world.clock().instant();
            say("Local world up at " + world.server().endpoint() + " (virtual clock " + start + ")");
            say("  clusters: " + EXPRESS + " (express.m7g.large), " + STANDARD + " (kafka.m5.large)");

            act1TagExpressCluster(world);
            act2RefuseStandardCluster(world);
            act3DeliverRecords(world).ifPresent(delivered -> new OnCallAct(world, start, this::expect)
                    .run(delivered.channel(), delivered.table(), ACT3_BAD_RECORDS));

            Path report = world.workDir().resolve("report.json");
            ObjectNode json = WorldReport.of(world, failures);
            Files.writeString(report, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json));
            say("");
            say("Where to look");
            say("  Iceberg warehouse (JDBC catalog + Parquet): " + world.warehouse().directory());
            say("  DLQ objects: s3://" + world.stack().dlqBucket() + "/" + world.stack().dlqPrefix() + " under " + world.workDir().resolve("s3"));
            say("  Notifications: " + world.sns().published().size() + " published to " + world.stack().topicArn());
            say("  Full report: " + report);
            say(String.format("Demo finished in %.1f s wall time, %s of virtual time.", (System.nanoTime() - wallStart) / 1e9,
                    Duration.between(start, world.clock().instant())));
        }
        if (!failures.isEmpty()) {
            System.out.println();
            System.out.println("DEMO FAILED:");
            failures.forEach(f -> System.out.println("  - " + f));
            return 1;
        }
        System.out.println("DEMO OK");
        return 0;
    }

    private void act1TagExpressCluster(LocalWorld world) {
        say("");
        say("1. A platform engineer tags the Express cluster '" + EXPRESS + "':");
        say("     " + RULE_KEY + " = " + RULE);
        tag(world, EXPRESS, Map.of(RULE_KEY, RULE));
        world.settle();
        printExecutions(world, "ProvisionChannelStateMachine");
        List<ChannelView> channels = world.services().msk().channels().stream()
                .filter(c -> c.clusterName().equals(EXPRESS)).toList();
        for (ChannelView c : channels) {
            say("   channel " + c.spec().name() + " on topic " + c.spec().topicName() + " → " + c.status()
                    + " (table " + c.spec().namespace() + "." + c.spec().table() + ", freshness "
                    + c.dataFreshnessInSeconds() + " s)");
        }
        expect(channels.size() == 2, "two channels (orders.created, orders.updated) on " + EXPRESS + ", found " + channels.size());
        expect(channels.stream().allMatch(c -> c.status().name().equals("ACTIVE")), "every channel ACTIVE");
        expect(world.cloudWatch().alarms().size() >= 6, "three recommended alarms per channel, found "
                + world.cloudWatch().alarms().size());
        expect(world.server().calls().firstSequenceOf("logs:CreateLogGroup") >= 0
                        && world.server().calls().firstSequenceOf("logs:CreateLogGroup")
                        < world.server().calls().firstSequenceOf("kafka:CreateChannel"),
                "log group created before the channel");
        printNotifications(world, "CHANNEL_ACTIVE");
    }

    private void act2RefuseStandardCluster(LocalWorld world) {
        say("");
        say("2. The same rule on the Standard cluster '" + STANDARD + "' (kafka.m5 brokers) for topic 'clicks':");
        int before = world.services().msk().channels().size();
        tag(world, STANDARD, Map.of("channel-pilot/clicks",
                "topic=clicks namespace=web schema=sales/orders partition=event_time"));
        world.settle();
        expect(world.services().msk().channels().size() == before, "nothing created on the Standard cluster");
        List<JsonNode> refused = notifications(world, "VALIDATION_REFUSED");
        expect(!refused.isEmpty(), "a VALIDATION_REFUSED notification");
        for (JsonNode n : refused) {
            say("   REFUSED: " + n.path("title").asText());
            n.path("facts").fields().forEachRemaining(f -> say("     " + f.getKey() + ": " + f.getValue().asText()));
            n.path("actions").forEach(a -> say("     → " + a.path("label").asText()));
        }
        boolean alternatives = refused.stream().anyMatch(n -> n.toString().contains("Firehose")
                && n.toString().contains("Flink"));
        expect(alternatives, "the refusal names the alternatives (Data Firehose, Kafka Connect, Managed Service for Apache Flink)");
    }

    /** Act 3's bad records: 5 without amount, 5 with amount as text (3 numeric text, 2 not a number at all). */
    static final OnCallAct.Expected ACT3_BAD_RECORDS = new OnCallAct.Expected(5, 5, 8, 2);

    /** The amount of the records no repair rule can fix (DemoCommandTest checks it is never printed). */
    static final String NOT_A_NUMBER = "ten-ish";

    record Delivered(ChannelView channel, TableId table) {
    }

    private Optional<Delivered> act3DeliverRecords(LocalWorld world) {
        say("");
        say("3. Producers write 60 records to orders.created: 50 good, 10 that break the schema"
                + " (5 without the required amount, 5 with the amount as text):");
        int good = 0;
        for (int i = 0; i < 60; i++) {
            String value;
            if (i % 6 == 5) {
                value = i % 12 == 5 ? "{\"order_id\":\"o" + i + "\",\"event_time\":\"2026-05-01T10:00:00Z\"}" // no amount
                        : "{\"order_id\":\"o" + i + "\",\"amount\":" + (i % 24 == 23 ? "\"" + NOT_A_NUMBER + "\"" // no coercion helps
                        : "\"" + (10 + i) + ".5\"") + ",\"event_time\":\"2026-05-01T10:00:00Z\"}"; // a number as text
            } else {
                good++;
                value = "{\"order_id\":\"o" + i + "\",\"amount\":" + (10 + i) + ".5,\"quantity\":1,\"status\":\"NEW\","
                        + "\"event_time\":\"2026-05-01T1" + (i % 3) + ":0" + (i % 6) + ":00Z\"}";
            }
            world.kafka().produce(EXPRESS, "orders.created", ("k" + i).getBytes(), value.getBytes(), Map.of());
        }
        world.advance(Duration.ofMinutes(6));
        ChannelView created = world.services().msk().channels().stream()
                .filter(c -> c.spec().topicName().equals("orders.created")).findFirst().orElse(null);
        if (created == null) {
            expect(false, "a channel for orders.created");
            return Optional.empty();
        }
        String bucket = created.spec().tableBucketArn().substring(created.spec().tableBucketArn().lastIndexOf('/') + 1);
        long rows = world.warehouse().rowCount(new TableId(bucket, created.spec().namespace(), created.spec().table()));
        JsonNode dlq = WorldReport.of(world, List.of()).get("dlq");
        say("   after the 300 s freshness interval: " + rows + " rows in " + created.spec().namespace() + "."
                + created.spec().table() + ", " + dlq.path("records").asLong() + " records in "
                + dlq.path("objects").asLong() + " DLQ object(s)");
        expect(rows == good, "the " + good + " good records are rows in the Iceberg table, found " + rows);
        expect(dlq.path("records").asLong() == 60 - good, "the " + (60 - good) + " bad records are in the DLQ, found "
                + dlq.path("records").asLong());
        return Optional.of(new Delivered(created, new TableId(bucket, created.spec().namespace(), created.spec().table())));
    }

    private void tag(LocalWorld world, String cluster, Map<String, String> tags) {
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), world.file().region())) {
            String arn = world.services().msk().clusterArnOf(cluster).orElseThrow();
            kafka.tagResource(r -> r.resourceArn(arn).tags(tags));
        }
    }

    private void printExecutions(LocalWorld world, String machine) {
        String arn = world.workflows().stateMachineArn(machine);
        List<ExecutionDescription> runs = new ArrayList<>(world.workflows().executions().list(arn, null));
        runs.sort((a, b) -> a.startDate().compareTo(b.startDate()));
        for (ExecutionDescription d : runs) {
            say("   execution " + d.name().substring(0, 8) + "… " + d.status() + " in " + d.transitions()
                    + " state transitions, " + Duration.between(d.startDate(), d.stopDate() == null ? d.startDate()
                    : d.stopDate()) + " virtual");
            String last = null;
            for (HistoryEvent e : d.events()) {
                if (e.stateName() != null && e.type().endsWith("Entered") && !e.stateName().equals(last)) {
                    say("     +" + Duration.between(start, e.timestamp()).toSeconds() + "s  " + e.stateName());
                    last = e.stateName();
                }
            }
        }
    }

    private void printNotifications(LocalWorld world, String kind) {
        for (JsonNode n : notifications(world, kind)) {
            say("   notified " + n.path("owner").asText("(no owner)") + ": " + n.path("title").asText());
        }
        expect(!notifications(world, kind).isEmpty(), "a " + kind + " notification");
    }

    static List<JsonNode> notifications(LocalWorld world, String kind) {
        List<JsonNode> out = new ArrayList<>();
        WorldReport.of(world, List.of()).get("notifications").forEach(n -> {
            if (n.path("kind").asText().equals(kind)) {
                out.add(n.path("message"));
            }
        });
        return out;
    }

    private void expect(boolean condition, String what) {
        if (!condition) {
            failures.add(what);
            say("   ✗ expected: " + what);
        }
    }

    static void say(String line) {
        System.out.println(line);
    }
}
