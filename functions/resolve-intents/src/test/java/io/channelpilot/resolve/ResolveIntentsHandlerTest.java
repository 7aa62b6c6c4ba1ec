package io.channelpilot.resolve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.gateway.ClusterReadException;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.Home;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.FailureHistory;
import io.channelpilot.plan.ExistingTables;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.PlanScope;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.workflow.AwsThrottled;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every event under events/resolve-intents/ through the real handler, with an in-memory cluster and status store. */
class ResolveIntentsHandlerTest {

    static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1";
    static final String ORDERS_RULE = "prefix=orders. namespace=sales schema=sales-registry/orders partition=event_time";
    static final Map<String, String> ENV = Map.of(
            "CHANNEL_PILOT_TABLE_BUCKET_ARN", "arn:aws:s3tables:us-east-1:123456789012:bucket/lake",
            "CHANNEL_PILOT_DLQ_BUCKET", "channel-dlq",
            "CHANNEL_PILOT_SERVICE_ROLE_ARN", "arn:aws:iam::123456789012:role/channel-pilot-channel",
            "CHANNEL_PILOT_STACK_NAME", "channel-pilot-test");
    private static final Path EVENTS = Path.of("../../events/resolve-intents");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC);
    private FakeClusterReader cluster;
    private InMemoryStatusStore store;
    private ResolveIntentsHandler handler;

    @BeforeEach
    void setUp() {
        cluster = new FakeClusterReader().rule("orders", ORDERS_RULE).topic("orders.created", "orders.refunded", "audit");
        store = new InMemoryStatusStore(clock);
        handler = handler(ENV);
    }

    @Test
    void shouldCreateChannelForNewTopicWhenControlPlaneEventHasUrlEncodedClusterArn() throws IOException {
        JsonNode result = invoke("cloudtrail-create-topic-control-plane.json");

        assertThat(plans(result)).containsExactly("CREATE/CHANNEL_MISSING");
        JsonNode intent = result.path("intents").get(0);
        assertThat(intent.path("clusterArn").asText()).isEqualTo(CLUSTER);
        assertThat(intent.path("topic").asText()).isEqualTo("orders.created");
        assertThat(intent.path("approved").asBoolean()).isFalse();
        assertThat(cluster.reads).containsExactly(PlanScope.topics(Set.of("orders.created")));
        assertThat(result.path("triggerId").asText()).isEqualTo("6f1c2b1e-0c4f-4a55-9a7e-3f2d1c0b9a01");
        assertThat(store.find(new ChannelKey(CLUSTER, intent.path("channelName").asText()))).hasValueSatisfying(s -> {
            assertThat(s.fingerprint()).isEqualTo(intent.path("fingerprint").asText());
            assertThat(s.generation()).isEqualTo(1);
            assertThat(s.desiredJson()).contains("\"topic\":\"orders.created\"");
        });
    }

    @Test
    void shouldCreateChannelWhenDataPlaneEventNamesTopicArn() throws IOException {
        JsonNode result = invoke("cloudtrail-create-topic-data-plane.json");

        assertThat(plans(result)).containsExactly("CREATE/CHANNEL_MISSING");
        assertThat(result.path("intents").get(0).path("topic").asText()).isEqualTo("orders.refunded");
        assertThat(cluster.reads).containsExactly(PlanScope.topics(Set.of("orders.refunded")));
    }

    @Test
    void shouldDeleteOurChannelWhenTopicWasDeleted() throws IOException {
        cluster.channels.add(ours("orders.old"));

        JsonNode result = invoke("cloudtrail-delete-topic.json");

        assertThat(plans(result)).containsExactly("DELETE/TOPIC_DELETED");
        assertThat(result.path("intents").get(0).path("desired").isNull()).isTrue();
    }

    @Test
    void shouldDeleteOurChannelWhenDataPlaneDeletedTopic() throws IOException {
        cluster.channels.add(ours("orders.old"));

        assertThat(plans(invoke("cloudtrail-delete-topic-data-plane.json"))).containsExactly("DELETE/TOPIC_DELETED");
        assertThat(cluster.reads).containsExactly(PlanScope.topics(Set.of("orders.old")));
    }

    @Test
    void shouldPlanEveryTopicOfClusterWhenClusterWasTagged() throws IOException {
        JsonNode result = invoke("cloudtrail-tag-resource.json");

        assertThat(plans(result)).containsExactly("CREATE/CHANNEL_MISSING", "CREATE/CHANNEL_MISSING");
        assertThat(cluster.reads).containsExactly(PlanScope.all());
    }

    @Test
    void shouldDeleteOurChannelWhenRuleWasUntagged() throws IOException {
        cluster.channels.add(ours("orders.created"));
        cluster.tags.clear();

        assertThat(plans(invoke("cloudtrail-untag-resource.json"))).containsExactly("DELETE/NOT_DESIRED");
    }

    @Test
    void shouldReReadTagsInsteadOfTrustingEventCopyWhenTagChangeRemovedKey() throws IOException {
        // given the rule is gone now, while a (reordered) copy of the event still lists it in detail.tags
        cluster.channels.add(ours("orders.created"));
        cluster.tags.clear();
        ObjectNode event = (ObjectNode) JSON.readTree(EVENTS.resolve("tag-change-removed-key.json").toFile());
        ((ObjectNode) event.path("detail").path("tags")).put("channel-pilot/orders", ORDERS_RULE);

        JsonNode result = invoke(event);

        assertThat(plans(result)).containsExactly("DELETE/NOT_DESIRED");
        assertThat(cluster.reads).containsExactly(PlanScope.all());
    }

    @Test
    void shouldPlanTheListedTopicsAndClaimNothingWhenSweepRequested() throws IOException {
        JsonNode first = invoke("sweep.json");
        JsonNode second = invoke("sweep.json");

        assertThat(plans(first)).containsExactly("CREATE/CHANNEL_MISSING", "CREATE/CHANNEL_MISSING");
        assertThat(plans(second)).isEqualTo(plans(first));
        assertThat(cluster.reads.get(0)).isEqualTo(PlanScope.topics(Set.of("orders.created", "orders.refunded")));
    }

    @Test
    void shouldPlanOneTopicWhenManualRequestOrAslTaskInputNamesIt() throws IOException {
        JsonNode manual = invoke("manual.json");
        JsonNode wrapped = invoke("task-input.json");

        assertThat(plans(manual)).containsExactly("CREATE/CHANNEL_MISSING");
        assertThat(wrapped.path("intents")).isEqualTo(manual.path("intents"));
        assertThat(wrapped.path("triggerId").asText()).isEqualTo("manual-7f3a9c");
    }

    @Test
    void shouldReturnErrorNamingFieldAndCreateNothingWhenClusterArnMissing() throws IOException {
        JsonNode result = invoke("malformed-missing-cluster-arn.json");

        // no intent: the only Map item is the refusal notice, which notifies and then fails the execution (issue 15)
        assertThat(result.path("intents")).singleElement().satisfies(notice -> {
            assertThat(notice.path("plan").asText()).isEqualTo(ResolveResult.REFUSAL_NOTICE);
            assertThat(notice.path("rejected").asBoolean()).isTrue();
            assertThat(notice.at("/refusals/0/problems/0/code").asText()).isEqualTo("TRIGGER_FIELD_MISSING");
        });
        JsonNode error = result.path("errors").get(0);
        assertThat(error.path("code").asText()).isEqualTo("TRIGGER_FIELD_MISSING");
        assertThat(error.path("field").asText()).isEqualTo("detail.requestParameters.clusterArn");
        assertThat(error.path("remediation").asText()).contains("Pass the EventBridge event unchanged");
        assertThat(cluster.reads).isEmpty();
        assertThat(store.list(null)).isEmpty();
    }

    @Test
    void shouldReturnErrorListingAcceptedShapesWhenSourceUnknown() throws IOException {
        JsonNode error = invoke("malformed-unknown-source.json").path("errors").get(0);

        assertThat(error.path("code").asText()).isEqualTo("TRIGGER_SOURCE_UNKNOWN");
        assertThat(error.path("field").asText()).isEqualTo("source");
        assertThat(error.path("remediation").asText()).contains("channel-pilot.sweep").contains("aws.tag");
    }

    @Test
    void shouldReturnErrorNotThrowWhenInputIsNotJson() throws IOException {
        JsonNode result = invoke(new ByteArrayInputStream("not json {".getBytes(StandardCharsets.UTF_8)));

        assertThat(result.path("errors").get(0).path("code").asText()).isEqualTo("TRIGGER_NOT_OBJECT");
        assertThat(result.path("intents")).singleElement()
                .satisfies(notice -> assertThat(notice.path("plan").asText()).isEqualTo(ResolveResult.REFUSAL_NOTICE));
    }

    @Test
    void shouldResolveDuplicateDeliveryToNothingWhenEventIdAlreadyClaimed() throws IOException {
        invoke("cloudtrail-create-topic-control-plane.json");

        JsonNode duplicate = invoke("cloudtrail-create-topic-control-plane.json");

        assertThat(duplicate.path("intents")).isEmpty();
        assertThat(duplicate.path("skipped").get(0).path("reason").asText()).isEqualTo("DUPLICATE_EVENT");
    }

    @Test
    void shouldNotConsumeClaimWhenReadIsThrottledSoTheRetryStillPlans() throws IOException {
        cluster.failNext(() -> new AwsThrottled("ListChannels", null));

        assertThatThrownBy(() -> invoke("cloudtrail-create-topic-control-plane.json")).isInstanceOf(AwsThrottled.class);
        JsonNode retry = invoke("cloudtrail-create-topic-control-plane.json");

        assertThat(plans(retry)).containsExactly("CREATE/CHANNEL_MISSING");
    }

    @Test
    void shouldNamePermissionWhenReadIsDenied() throws IOException {
        cluster.failNext(() -> new ClusterReadException(ClusterReadException.Code.READ_DENIED, "ListChannels", "kafka:ListChannels",
                "MSK ListChannels was denied (ForbiddenException)", null));

        JsonNode error = invoke("manual.json").path("errors").get(0);

        assertThat(error.path("code").asText()).isEqualTo("READ_DENIED");
        assertThat(error.path("field").asText()).isEqualTo("ListChannels");
        assertThat(error.path("remediation").asText()).contains("Grant kafka:ListChannels");
    }

    @Test
    void shouldReadNothingWhenClusterIsNotAllowed() throws IOException {
        Map<String, String> env = new java.util.HashMap<>(ENV);
        env.put("CHANNEL_PILOT_ALLOWED_CLUSTERS", "prod");
        handler = handler(env);

        JsonNode result = invoke("manual.json");

        assertThat(result.path("skipped").get(0).path("reason").asText()).isEqualTo("CLUSTER_NOT_ALLOWED");
        assertThat(cluster.reads).isEmpty();
    }

    @Test
    void shouldSkipWithoutReadingWhenTagChangeTouchesNoChannelPilotKey() throws IOException {
        ObjectNode event = (ObjectNode) JSON.readTree(EVENTS.resolve("tag-change-removed-key.json").toFile());
        ((ObjectNode) event.path("detail")).putArray("changed-tag-keys").add("team");

        JsonNode result = invoke(event);

        assertThat(result.path("skipped").get(0).path("reason").asText()).isEqualTo("NO_RELEVANT_TAG_CHANGE");
        assertThat(cluster.reads).isEmpty();
    }

    @Test
    void shouldRecordReplacementPendingWhenReplacementNeedsApproval() throws IOException {
        cluster.channels.add(ours("orders.created"));
        cluster.rule("orders", ORDERS_RULE.replace("event_time", "created_at"));

        JsonNode intent = invoke("manual.json").path("intents").get(0);

        assertThat(intent.path("plan").asText()).isEqualTo("REPLACE_NEEDS_APPROVAL");
        assertThat(store.find(new ChannelKey(CLUSTER, intent.path("channelName").asText()))
                .flatMap(s -> s.condition(ConditionType.REPLACEMENT_PENDING))).hasValueSatisfying(c -> {
                    assertThat(c.status()).isEqualTo(ConditionStatus.TRUE);
                    assertThat(c.reason()).isEqualTo("FINGERPRINT_CHANGED");
                });
    }

    @Test
    void shouldCreateOnTheNextTableGenerationWhenTheTopicsTableAlreadyExists() throws IOException {
        // given the table of orders.created exists (its channel delivered, then was deleted out of band)
        ChannelSpec spec = new SpecResolver(StackSettings.from(ENV)).resolve(CLUSTER, Map.of("channel-pilot/orders", ORDERS_RULE),
                "orders.created", Map.of()).specs().get(0);
        cluster.tables = ExistingTables.of(Set.of(ExistingTables.key(spec.infrastructure().tableBucketArn(), spec.namespace(), spec.table())));

        JsonNode result = invoke("cloudtrail-create-topic-control-plane.json");

        assertThat(plans(result)).containsExactly("CREATE/NEW_TABLE_GENERATION");
        JsonNode intent = result.path("intents").get(0);
        assertThat(intent.path("desired").path("table").asText()).isEqualTo(spec.table() + "_v2");
        assertThat(intent.path("tableKey").asText()).isEqualTo(spec.namespace() + "." + spec.table());
        assertThat(intent.path("channelName").asText()).isNotEqualTo(spec.channelName());
    }

    @Test
    void shouldRecreateAFailedChannelUntilTheLimitThenLeaveItForAHuman() throws IOException {
        // given recreating is allowed once
        handler = new ResolveIntentsHandler(ResolveWiring.of(new ResolveConfig(StackSettings.from(ENV), "", Duration.ofHours(24),
                "ChannelPilotTest", Home.unknown(), 1), cluster, store, clock));
        ObservedChannel healthy = ours("orders.created");
        cluster.channels.add(failed(healthy, "/1"));

        // when the first instance is FAILED (seen twice: sweeps claim nothing) and then the recreated one too
        JsonNode first = invoke("sweep.json");
        JsonNode again = invoke("sweep.json");
        cluster.channels.clear();
        cluster.channels.add(failed(healthy, "/2"));
        JsonNode second = invoke("sweep.json");

        // then
        assertThat(plans(first)).contains("DELETE/FAILED_RECREATE");
        assertThat(plans(again)).as("the same instance counts once").contains("DELETE/FAILED_RECREATE");
        assertThat(plans(second)).contains("NOOP/FAILED_RECREATE_LIMIT").doesNotContain("DELETE/FAILED_RECREATE");
    }

    @Test
    void shouldBumpTheRulesGenerationOnlyWhenTheRuleTagsChange() throws IOException {
        invoke("manual.json");
        invoke("sweep.json");
        assertThat(store.rulesGeneration(CLUSTER)).isEqualTo(1);

        cluster.rule("orders", ORDERS_RULE + " freshness=900");
        invoke("sweep.json");
        cluster.rule("orders", ORDERS_RULE);
        invoke("sweep.json");

        assertThat(store.rulesGeneration(CLUSTER)).isEqualTo(3);
    }

    private static ObservedChannel failed(ObservedChannel c, String instance) {
        return new ObservedChannel(c.channelArn().replace("/1", instance), c.channelName(), "FAILED", c.freshnessSeconds(), c.tags(),
                c.topic(), c.namespace(), c.table());
    }

    private ResolveIntentsHandler handler(Map<String, String> env) {
        return new ResolveIntentsHandler(ResolveWiring.of(new ResolveConfig(StackSettings.from(env), "", Duration.ofHours(24),
                "ChannelPilotTest", Home.unknown(), FailureHistory.DEFAULT_LIMIT), cluster, store, clock));
    }

    private ObservedChannel ours(String topic) {
        ChannelSpec spec = new SpecResolver(StackSettings.from(ENV)).resolve(CLUSTER, Map.of("channel-pilot/orders", ORDERS_RULE), topic,
                Map.of()).specs().get(0);
        return new ObservedChannel(CLUSTER.replace(":cluster/", ":channel/") + "/" + spec.channelName() + "/1", spec.channelName(),
                "ACTIVE", 600, OwnershipTags.of(spec, "channel-pilot-test"), topic, spec.namespace(), spec.table());
    }

    private JsonNode invoke(String event) throws IOException {
        return invoke(Files.newInputStream(EVENTS.resolve(event)));
    }

    private JsonNode invoke(JsonNode event) throws IOException {
        return invoke(new ByteArrayInputStream(JSON.writeValueAsBytes(event)));
    }

    private JsonNode invoke(InputStream input) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(input, out, new TestContext());
        return JSON.readTree(out.toByteArray());
    }

    private static List<String> plans(JsonNode result) {
        List<String> out = new java.util.ArrayList<>();
        result.path("intents").forEach(i -> out.add(i.path("plan").asText() + "/" + i.path("reason").asText()));
        return out;
    }
}
