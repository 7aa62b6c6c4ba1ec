package io.channelpilot.tests.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.tests.DashboardTest;
import io.channelpilot.tests.Repo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * Every Channel Pilot metric the stack's dashboard plots is one a function really emits, in the namespace and with the
 * dimensions the dashboard's SEARCH names: the functions run in a local world (sweep, a rejected trigger, refusal
 * notices) and their EMF output ({@code AWS_EMF_ENVIRONMENT=Local}: one JSON document per flush on stdout) is read
 * back. The redrive-batch worker's two counters need a running redrive task; RedriveEndToEndTest covers that path, so
 * here they are only matched against the worker's handler source.
 */
class DashboardMetricsEmittedTest {

    /** Dashboard metrics only the redrive-batch worker emits, with the handler that emits them. */
    private static final Map<String, String> REDRIVE_BATCH = Map.of("RecordsRedriven", "RedriveBatchHandler",
            "RecordsParked", "RedriveBatchHandler");

    record Emitted(String namespace, String metric, List<String> dimensions) {
    }

    @Test
    void shouldEmitEveryChannelPilotMetricTheDashboardPlotsWithTheSearchedDimensions() throws Exception {
        Set<Emitted> emitted = new java.util.HashSet<>();
        try (ReconcileWorld w = new ReconcileWorld()) {
            String stdout = capture(() -> {
                // a sweep with work, a refusal and (after the execution ran) a managed channel
                w.quietTopic("orders.dash");
                w.quietTopic("orders.dashconflict");
                try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), w.world.server().endpoint(), w.world.file().region())) {
                    kafka.tagResource(r -> r.resourceArn(w.clusterArn()).tags(Map.of(
                            "channel-pilot/dash-a", "topic=orders.dashconflict namespace=sales schema=sales/orders partition=event_time freshness=300",
                            "channel-pilot/dash-b", "topic=orders.dashconflict namespace=sales schema=sales/orders partition=event_time freshness=600")));
                }
                w.sweep("dash-1");
                w.drain();
                w.sweep("dash-2");
                // a trigger resolve-intents rejects, and the refusal notices the state machine hands to notify
                w.world.workflows().lambdas().invoke("ResolveIntentsFunction", json("events/resolve-intents/malformed-missing-cluster-arn.json"));
                w.world.workflows().lambdas().invoke("NotifyFunction", json("events/notify/refusals.json"));
            });
            for (String line : stdout.split("\n")) {
                if (line.startsWith("{") && line.contains("\"_aws\"")) {
                    emitted.addAll(parse(ReconcileWorld.JSON.readTree(line)));
                }
            }
        }

        List<DashboardTest.Search> ours = DashboardTest.searches().stream().filter(s -> s.namespace().equals("ChannelPilot")).toList();
        assertThat(ours).hasSizeGreaterThanOrEqualTo(10);
        for (DashboardTest.Search s : ours) {
            if (REDRIVE_BATCH.containsKey(s.metric())) {
                String handler = Files.readString(Repo.root().resolve("functions/redrive-batch/src/main/java/io/channelpilot/redrive/batch/"
                        + REDRIVE_BATCH.get(s.metric()) + ".java"));
                assertThat(handler).contains("metrics.addMetric(\"" + s.metric() + "\"");
                assertThat(s.dimensions()).isEqualTo(List.of("Service"));
                continue;
            }
            assertThat(emitted).as(s.metric() + " in " + s.namespace() + " by " + s.dimensions() + "; emitted: " + emitted)
                    .contains(new Emitted(s.namespace(), s.metric(), s.dimensions()));
        }
    }

    /** Every (namespace, metric, dimension set) of one EMF document. */
    static List<Emitted> parse(JsonNode emf) {
        List<Emitted> out = new java.util.ArrayList<>();
        for (JsonNode directive : emf.at("/_aws/CloudWatchMetrics")) {
            for (JsonNode dims : directive.path("Dimensions")) {
                List<String> names = new java.util.ArrayList<>();
                dims.forEach(d -> names.add(d.asText()));
                for (JsonNode m : directive.path("Metrics")) {
                    out.add(new Emitted(directive.path("Namespace").asText(), m.path("Name").asText(), names));
                }
            }
        }
        return out;
    }

    private static ObjectNode json(String path) throws IOException {
        return (ObjectNode) ReconcileWorld.JSON.readTree(Files.readString(Repo.root().resolve(path)));
    }

    interface Action {
        void run() throws Exception;
    }

    /** Runs {@code action} with stdout captured (and still printed). */
    private static String capture(Action action) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                original.write(b);
                bytes.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                original.write(b, off, len);
                bytes.write(b, off, len);
            }
        }, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.out.flush();
            System.setOut(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
