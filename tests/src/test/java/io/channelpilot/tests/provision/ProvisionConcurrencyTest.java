package io.channelpilot.tests.provision;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.world.workflow.WorkflowHost;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalStack;
import io.channelpilot.tests.provision.ProvisioningWorld.Mark;
import io.channelpilot.tests.provision.ProvisioningWorld.Note;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.kafka.model.ChannelStatus;
import software.amazon.awssdk.services.kafka.model.DescribeChannelResponse;

/**
 * Issue 5 "Done means", duplicates and concurrency: executions run on a thread pool here, so they overlap for real.
 * The same CloudTrail event delivered 10 times, 10 distinct deliveries of the same change, and 5 concurrent manual
 * requests for one channel each end with exactly one CreateChannel and one ACTIVE channel: the resolver's event claim,
 * Step Functions' execution-name uniqueness, the provisioning lease (ChannelBusy, retried by the ASL) and adoption of
 * a same-fingerprint channel (ConflictException or lookup) do the collapsing. Cluster {@code it-ops}; each test owns
 * its topic.
 */
@ExtendWith(SharedProvisioningWorld.class)
class ProvisionConcurrencyTest {

    static final String CLUSTER = ProvisionFailureTest.CLUSTER;
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ProvisioningWorld pw;

    @BeforeAll
    static void world(ProvisioningWorld shared) {
        pw = shared;
    }

    @Test
    void shouldCreateOneChannelWhenTheSameEventIsDeliveredTenTimes() {
        ObjectNode event = createTopicEvent("dup.orders", UUID.randomUUID().toString());
        Mark mark = pw.mark();

        pw.concurrently(4, () -> {
            for (int i = 0; i < 10; i++) {
                pw.world().publish(event.deepCopy());
            }
            pw.world().settle();
        });

        assertOneActiveChannel(mark, "dup.orders");
        // EventBridge → Step Functions: one execution; the other deliveries met the same execution name
        assertThat(pw.executionsSince(mark)).hasSize(1);
        List<WorkflowHost.Delivery> deliveries = pw.world().workflows().deliveries().stream()
                .filter(d -> d.eventId().equals(event.path("id").asText())).toList();
        assertThat(deliveries).hasSize(10);
    }

    @Test
    void shouldCreateOneChannelWhenTenDistinctDuplicatesOfOneChangeArrive() {
        Mark mark = pw.mark();

        // ten deliveries of the same CreateTopic, each with its own envelope id (e.g. CloudTrail redelivery)
        pw.concurrently(10, () -> {
            for (int i = 0; i < 10; i++) {
                pw.world().publish(createTopicEvent("dup2.orders", UUID.randomUUID().toString()));
            }
            pw.world().settle();
        });

        assertOneActiveChannel(mark, "dup2.orders");
        assertThat(pw.executionsSince(mark)).hasSize(10)
                .allSatisfy(e -> assertThat(e.status()).isEqualTo(ExecutionStatus.SUCCEEDED));
    }

    @Test
    void shouldCreateOnceAndAdoptOrNoopWhenExecutionsForOneChannelOverlap() {
        Mark mark = pw.mark();

        List<ExecutionDescription> runs = new ArrayList<>();
        pw.concurrently(5, () -> {
            List<CompletableFuture<ExecutionDescription>> started = IntStream.range(0, 5)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> pw.startManual(CLUSTER, "race.orders", "it-race-" + i)))
                    .toList();
            started.forEach(f -> runs.add(f.join()));
        });

        DescribeChannelResponse channel = assertOneActiveChannel(mark, "race.orders");
        assertThat(runs).hasSize(5).allSatisfy(e -> assertThat(e.status()).isEqualTo(ExecutionStatus.SUCCEEDED));
        // exactly one execution created the channel; every other one adopted it or found nothing to do
        List<JsonNode> outcomes = runs.stream().flatMap(r -> {
            List<JsonNode> out = new ArrayList<>();
            r.output().path("outcomes").forEach(out::add);
            return out.stream();
        }).toList();
        assertThat(outcomes).filteredOn(o -> o.has("provision") && !o.path("provision").path("adopted").asBoolean())
                .hasSize(1);
        // the lease is honoured: an execution that did not create either adopted, or was refused with ChannelBusy
        assertThat(outcomes).allSatisfy(o -> assertThat(!o.has("failure")
                || o.at("/failure/Error").asText().equals("io.channelpilot.workflow.ChannelBusy"))
                .as("failure in %s", o.path("failure")).isTrue());
        // AND the lease was honoured and handed back: nobody holds it once all executions are done
        try (DynamoDbClient dynamo = LocalClients.dynamo(pw.world().server().endpoint(), pw.world().file().region())) {
            DynamoDbStatusStore store = new DynamoDbStatusStore(dynamo, LocalStack.STATUS_TABLE, pw.world().clock());
            assertThat(store.leaseHolder(new ChannelKey(pw.clusterArn(CLUSTER), channel.channelName()))).isEmpty();
        }
    }

    /**
     * One channel on the topic, ACTIVE, one CreateChannel, exactly one CHANNEL_ACTIVE from the execution that created
     * it, and nothing CRITICAL: every other execution adopted the channel, found it in sync, or was turned away by the
     * lease. Overlapping executions on the virtual clock burn through the ChannelBusy retries (~7 virtual minutes) in
     * milliseconds while the lease holder is still polling; those end quietly in ProvisioningElsewhere, because the
     * lease holder notifies and the reconcile sweep is the backstop.
     */
    private static DescribeChannelResponse assertOneActiveChannel(Mark mark, String topic) {
        List<DescribeChannelResponse> channels = pw.channels(CLUSTER, topic);
        assertThat(channels).hasSize(1);
        assertThat(channels.get(0).status()).isEqualTo(ChannelStatus.ACTIVE);
        // Exactly one CreateChannel succeeds. A second attempt may reach MSK and be refused with 409, then adopt the
        // channel: that is the designed idempotency (DESIGN §4). It happens here because concurrent sleepers on the
        // virtual clock move it ahead of a strict schedule (docs/local-world.md), so a lease can expire between
        // another execution's lookup and its CreateChannel.
        assertThat(pw.countSince(mark, "kafka:CreateChannel", 200)).isEqualTo(1);
        assertThat(pw.countSince(mark, "kafka:CreateChannel"))
                .isEqualTo(1 + pw.countSince(mark, "kafka:CreateChannel", 409));
        List<Note> notes = pw.notificationsSince(mark, topic);
        assertThat(notes).filteredOn(n -> n.kind().equals("CHANNEL_ACTIVE") && "false".equals(n.fact("adopted")))
                .hasSize(1);
        // executions turned away by the lease end quietly (state ProvisioningElsewhere): no error notification
        assertThat(notes).allSatisfy(n -> assertThat(n.kind()).as("%s %s", n.kind(), n.fact("code"))
                .isEqualTo("CHANNEL_ACTIVE"));
        assertThat(notes).extracting(Note::severity).doesNotContain("CRITICAL");
        return channels.get(0);
    }

    /** A CloudTrail CreateTopic (control plane) for a topic of {@code it-ops}, as EventBridge delivers it. */
    private static ObjectNode createTopicEvent(String topic, String id) {
        ObjectNode e = JSON.createObjectNode().put("version", "0").put("id", id)
                .put("detail-type", "AWS API Call via CloudTrail").put("source", "aws.kafka")
                .put("account", pw.world().file().account()).put("time", pw.world().clock().instant().toString())
                .put("region", pw.world().file().region());
        e.putArray("resources");
        ObjectNode detail = e.putObject("detail").put("eventVersion", "1.09").put("eventSource", "kafka.amazonaws.com")
                .put("eventName", "CreateTopic").put("awsRegion", pw.world().file().region())
                .put("eventID", id).put("eventType", "AwsApiCall");
        detail.putObject("requestParameters").put("clusterArn", pw.clusterArn(CLUSTER)).put("topicName", topic)
                .put("partitionCount", 2).put("replicationFactor", 3);
        return e;
    }
}
