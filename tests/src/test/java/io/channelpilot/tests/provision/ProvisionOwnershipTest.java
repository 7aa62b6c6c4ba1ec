package io.channelpilot.tests.provision;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.gateway.ChannelRequests;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.spec.Resolution;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.tests.provision.ProvisioningWorld.Mark;
import io.channelpilot.tests.provision.ProvisioningWorld.Note;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.kafka.model.ChannelStatus;
import software.amazon.awssdk.services.kafka.model.CreateChannelRequest;
import software.amazon.awssdk.services.kafka.model.DescribeChannelResponse;

/**
 * Issue 5 "Done means", ownership: a replacement that needs approval and then gets it, adoption of a channel that
 * already carries our ownership tag and fingerprint, and a channel Channel Pilot does not own (IaC) left alone. Real
 * ASL, real handlers, the Express cluster {@code it-life}; each test owns its topic.
 */
@ExtendWith(SharedProvisioningWorld.class)
class ProvisionOwnershipTest {

    static final String CLUSTER = ProvisionFromTagsTest.CLUSTER;
    static final String RULE = ProvisionFromTagsTest.RULE;

    private static ProvisioningWorld pw;

    @BeforeAll
    static void world(ProvisioningWorld shared) {
        pw = shared;
    }

    @Test
    void shouldAskForApprovalThenReplaceWhenANonUpdatableFieldChanges() {
        // GIVEN an ACTIVE channel for swap.orders with the default compression (zstd)
        pw.tag(CLUSTER, "channel-pilot/swap", "topic=swap.orders" + RULE);
        DescribeChannelResponse old = pw.channels(CLUSTER, "swap.orders").get(0);
        Mark ask = pw.mark();

        // WHEN the rule changes a field no UpdateChannel can change (compression)
        pw.tag(CLUSTER, "channel-pilot/swap", "topic=swap.orders" + RULE + " compression=snappy");

        // THEN nothing is created or deleted, and the owner is asked to approve with the new fingerprint
        assertThat(pw.countSince(ask, "kafka:CreateChannel")).isZero();
        assertThat(pw.countSince(ask, "kafka:DeleteChannel")).isZero();
        assertThat(pw.channels(CLUSTER, "swap.orders")).extracting(DescribeChannelResponse::channelArn)
                .containsExactly(old.channelArn());
        List<Note> asks = pw.notificationsSince(ask, "swap.orders");
        assertThat(asks).isNotEmpty().allSatisfy(n -> assertThat(n.kind()).isEqualTo("APPROVAL_REQUIRED"));
        Note approval = asks.get(0);
        assertThat(approval.severity()).isEqualTo("WARNING");
        String fingerprint = approval.fact("newFingerprint");
        assertThat(fingerprint).isNotBlank().isNotEqualTo(old.tags().get("channel-pilot/fingerprint"));
        assertThat(approval.message().toString()).contains("approve=" + fingerprint.substring(0, 8))
                .contains("compression");
        Mark approve = pw.mark();

        // WHEN the owner adds approve=<first 8 characters> to the rule
        pw.tag(CLUSTER, "channel-pilot/swap", "topic=swap.orders" + RULE + " compression=snappy approve="
                + fingerprint.substring(0, 8));
        pw.world().advance(Duration.ofMinutes(2)); // the old channel's DELETING phase ends

        // THEN a new channel into a new table is ACTIVE and the old one is gone
        List<DescribeChannelResponse> now = pw.channels(CLUSTER, "swap.orders");
        assertThat(now).hasSize(1);
        DescribeChannelResponse replacement = now.get(0);
        assertThat(replacement.channelArn()).isNotEqualTo(old.channelArn());
        assertThat(replacement.status()).isEqualTo(ChannelStatus.ACTIVE);
        // a channel can never write into an existing table: the replacement gets swap_orders_<8 hex>
        assertThat(ProvisioningWorld.table(replacement)).matches("swap_orders_[0-9a-f]{8}");
        assertThat(replacement.icebergDestinationConfiguration().compressionTypeAsString()).isEqualTo("SNAPPY");
        assertThat(replacement.tags()).containsEntry("channel-pilot/fingerprint", fingerprint);
        assertThat(pw.countSince(approve, "kafka:CreateChannel")).isEqualTo(1);
        assertThat(pw.countSince(approve, "kafka:DeleteChannel")).isEqualTo(1);
        // AND the old channel was deleted only after the new one had been ACTIVE (CloudTrail event times)
        Instant deleted = eventTime("DeleteChannel", old.channelArn());
        assertThat(deleted).isAfterOrEqualTo(replacement.creationTime().plus(Duration.ofSeconds(60)));
        ExecutionDescription run = pw.executionsSince(approve).stream()
                .filter(e -> e.statesVisited().contains("DeleteReplaced")).findFirst().orElseThrow();
        assertThat(run.statesVisited()).containsSubsequence("ValidateReplacement", "ProvisionReplacement",
                "PollReplacementUntilActive", "DeleteReplaced", "NotifyOutcome");
        List<Note> done = pw.notificationsSince(approve, "swap.orders");
        assertThat(done).extracting(Note::kind).containsExactly("CHANNEL_REPLACED");
        assertThat(done.get(0).message().toString()).contains(replacement.channelArn()).contains(old.channelArn());
    }

    @Test
    void shouldAdoptAnExistingChannelWithOurTagsAndFingerprint() {
        // GIVEN a channel created earlier (e.g. by an execution that died) with our ownership tags and fingerprint
        String value = "topic=adopt.orders" + RULE;
        DescribeChannelResponse existing = precreate("adopt.orders", Map.of("channel-pilot/adopt", value), true);
        pw.world().advance(Duration.ofMinutes(2));
        Mark mark = pw.mark();

        // WHEN the rule that describes exactly this channel is tagged
        pw.tag(CLUSTER, "channel-pilot/adopt", value);

        // THEN the channel is taken as ours and in sync: nothing created, changed or deleted, no error
        assertThat(pw.channels(CLUSTER, "adopt.orders")).extracting(DescribeChannelResponse::channelArn)
                .containsExactly(existing.channelArn());
        assertThat(pw.callsSince(mark)).doesNotContain("kafka:CreateChannel", "kafka:UpdateChannel",
                "kafka:DeleteChannel");
        List<ExecutionDescription> runs = pw.executionsSince(mark);
        assertThat(runs).isNotEmpty().allSatisfy(r -> assertThat(r.status()).isEqualTo(ExecutionStatus.SUCCEEDED));
        assertThat(runs).flatExtracting(ProvisionFromTagsTest::intents)
                .filteredOn(i -> i.path("topic").asText().equals("adopt.orders"))
                .isNotEmpty().allSatisfy(i -> {
                    assertThat(i.path("plan").asText()).isEqualTo("NOOP");
                    assertThat(i.path("reason").asText()).isEqualTo("IN_SYNC");
                    assertThat(i.path("channelName").asText()).isEqualTo(existing.channelName());
                });
        assertThat(pw.notificationsSince(mark, "adopt.orders")).isEmpty();
    }

    @Test
    void shouldLeaveAnUnmanagedChannelAloneAndReportIt() throws Exception {
        // GIVEN a channel for the same topic and table without our ownership tag (IaC owns it)
        String value = "topic=iac.orders" + RULE;
        DescribeChannelResponse iac = precreate("iac.orders", Map.of("channel-pilot/iac", value), false);
        pw.world().advance(Duration.ofMinutes(2));
        Mark mark = pw.mark();

        // WHEN a rule selects that topic and table
        pw.tag(CLUSTER, "channel-pilot/iac", value);

        // THEN the channel is never modified and nothing else is created
        DescribeChannelResponse after = pw.channels(CLUSTER, "iac.orders").get(0);
        assertThat(pw.channels(CLUSTER, "iac.orders")).hasSize(1);
        assertThat(after.channelArn()).isEqualTo(iac.channelArn());
        assertThat(after.tags()).isEqualTo(iac.tags()).doesNotContainKey("channel-pilot/managed-by");
        assertThat(pw.callsSince(mark)).doesNotContain("kafka:CreateChannel", "kafka:UpdateChannel",
                "kafka:DeleteChannel", "logs:CreateLogGroup", "cloudwatch:PutMetricAlarm");
        // AND it is reported as UNMANAGED in the resolution
        List<JsonNode> intents = pw.executionsSince(mark).stream().flatMap(r -> ProvisionFromTagsTest.intents(r).stream())
                .filter(i -> i.path("topic").asText().equals("iac.orders")).toList();
        assertThat(intents).isNotEmpty().allSatisfy(i -> {
            assertThat(i.path("plan").asText()).isEqualTo("UNMANAGED");
            assertThat(i.path("reason").asText()).isEqualTo("UNMANAGED_CHANNEL");
            assertThat(i.toString()).contains(iac.channelName());
        });
        // AND the rule's owner hears it exactly once (issue 15: UNMANAGED used to appear nowhere an operator looks),
        // although the tag change arrived as two events
        List<ProvisioningWorld.Note> notes = pw.notificationsSince(mark, "iac.orders");
        assertThat(notes).singleElement().satisfies(n -> {
            assertThat(n.kind()).isEqualTo("UNMANAGED_CHANNEL");
            assertThat(n.owner()).isEqualTo("none"); // the rule names no owner: the stack's default address
            assertThat(n.message().path("channel").asText()).isEqualTo(iac.channelName());
            assertThat(n.fact("code.1")).isEqualTo("UNMANAGED_CHANNEL");
            assertThat(n.actionLabels()).anySatisfy(l -> assertThat(l).contains("managed=false"));
        });
        assertThat(pw.executionsSince(mark)).allSatisfy(r -> {
            assertThat(r.output().at("/resolution/refusals/0/channel").asText()).isEqualTo(iac.channelName());
            assertThat(r.output().at("/resolution/refusals/0/kind").asText()).isEqualTo("UNMANAGED_CHANNEL");
            assertThat(r.output().at("/resolution/refusals/0/problems/0/code").asText()).isEqualTo("UNMANAGED_CHANNEL");
        });
        // AND channel-pilot status shows it as a refusal condition, and plan prints it as refused (exit 4)
        Cli status = cli("status", "--cluster", pw.clusterArn(CLUSTER), "--output", "json");
        assertThat(status.exit()).as(status.err()).isZero();
        JsonNode refusal = find(status.json().path("refusals"), "subject", "channel/" + iac.channelName());
        assertThat(refusal.path("kind").asText()).isEqualTo("UNMANAGED_CHANNEL");
        assertThat(refusal.path("status").asText()).isEqualTo("True");
        assertThat(refusal.path("reason").asText()).isEqualTo("UNMANAGED_CHANNEL");
        assertThat(refusal.path("topic").asText()).isEqualTo("iac.orders");
        Cli statusTable = cli("status", "--cluster", pw.clusterArn(CLUSTER));
        assertThat(statusTable.out()).containsPattern("channel/" + iac.channelName() + "\\s+True\\s+UNMANAGED_CHANNEL");
        Cli plan = cli("plan", "--cluster", pw.clusterArn(CLUSTER), "--topic", "iac.orders", "--output", "json");
        assertThat(plan.exit()).as(plan.out() + plan.err()).isEqualTo(ChannelPilot.EXIT_REFUSED_PLAN);
        JsonNode row = find(plan.json().path("rows"), "plan", "UNMANAGED");
        assertThat(row.path("channel").asText()).isEqualTo(iac.channelName());
        assertThat(row.path("codes")).extracting(JsonNode::asText).containsExactly("UNMANAGED_CHANNEL");
        assertThat(row.path("refused").asBoolean()).isTrue();
        Cli planTable = cli("plan", "--cluster", pw.clusterArn(CLUSTER), "--topic", "iac.orders");
        assertThat(planTable.out()).containsPattern("iac.orders\\s+UNMANAGED\\s+REFUSED\\s+" + iac.channelName())
                .contains("UNMANAGED_CHANNEL: ");
    }

    record Cli(int exit, String out, String err) {
        JsonNode json() throws java.io.IOException {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(out);
        }
    }

    /** {@code channel-pilot} in-process with the stack's settings (plan validates as the workflow would). */
    private static Cli cli(String... args) {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint-url", pw.world().server().endpoint().toString(), "--table", pw.world().stack().statusTable()));
        int exit = ChannelPilot.run(all.toArray(String[]::new), pw.world().functionEnvironment(), new java.io.PrintWriter(out),
                new java.io.PrintWriter(err));
        return new Cli(exit, out.toString(), err.toString());
    }

    private static JsonNode find(JsonNode rows, String field, String value) {
        for (JsonNode r : rows) {
            if (r.path(field).asText().equals(value)) {
                return r;
            }
        }
        throw new AssertionError("no " + field + "=" + value + " in " + rows);
    }

    /** Creates the log group and the channel the rule would describe, with or without our ownership tags. */
    private static DescribeChannelResponse precreate(String topic, Map<String, String> rule, boolean ours) {
        StackSettings stack = StackSettings.from(pw.world().functionEnvironment());
        Map<String, String> tags = new java.util.HashMap<>(pw.kafka().describeClusterV2(r -> r.clusterArn(
                pw.clusterArn(CLUSTER))).clusterInfo().tags());
        tags.putAll(rule);
        Resolution resolution = new SpecResolver(stack).resolve(pw.clusterArn(CLUSTER), tags, topic, Map.of());
        assertThat(resolution.problems()).isEmpty();
        ChannelSpec spec = resolution.specs().get(0);
        try (CloudWatchLogsClient logs = LocalClients.build(CloudWatchLogsClient.builder(),
                pw.world().server().endpoint(), pw.world().file().region())) {
            logs.createLogGroup(r -> r.logGroupName(spec.infrastructure().logGroup()));
        }
        CreateChannelRequest request = ChannelRequests.create(spec, stack.managedBy());
        if (!ours) {
            request = request.toBuilder().channelName("iac-" + topic.replace('.', '-'))
                    .tags(Map.of("owner", "platform-iac")).build();
        }
        String arn = pw.kafka().createChannel(request).channelArn();
        pw.settle();
        return pw.kafka().describeChannel(r -> r.clusterArn(pw.clusterArn(CLUSTER)).channelArn(arn));
    }

    private static Instant eventTime(String eventName, String channelArn) {
        return pw.world().events().published().stream()
                .filter(e -> eventName.equals(e.at("/detail/eventName").asText())
                        && channelArn.equals(ProvisioningWorld.decoded(e.at("/detail/requestParameters/channelArn").asText())))
                .map(e -> Instant.parse(e.at("/detail/eventTime").asText())).findFirst().orElseThrow();
    }
}
