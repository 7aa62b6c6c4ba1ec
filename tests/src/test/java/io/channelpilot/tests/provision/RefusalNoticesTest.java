package io.channelpilot.tests.provision;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.world.sns.PublishedMessage;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.tests.Repo;
import io.channelpilot.tests.provision.ProvisioningWorld.Mark;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 15, "no silent refusals", reproduced in the local world: every case that used to create nothing and say
 * nothing now produces exactly one owner notification (deduplicated across the two events of a tag change, duplicate
 * deliveries and the sweep), a condition {@code channel-pilot status} shows, and codes in the execution's output.
 * Cluster {@code it-refusal} of {@code local/worlds/provisioning-it.json}; each test owns its topic.
 */
@ExtendWith(SharedProvisioningWorld.class)
class RefusalNoticesTest {

    static final String CLUSTER = "it-refusal";
    static final String RULE = " schema=sales/orders partition=event_time";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ProvisioningWorld pw;

    @BeforeAll
    static void world(ProvisioningWorld shared) {
        pw = shared;
    }

    @Test
    void shouldNotifyTheOwnerOnceNamingBothTagsWhenTwoEqualRankRulesDisagree() throws Exception {
        Mark mark = pw.mark();

        // WHEN two exact rules for one topic disagree on freshness (CloudTrail TagResource + aws.tag: two executions)
        pw.tag(CLUSTER, Map.of("channel-pilot/conflict-a", "topic=conflict.orders namespace=sales freshness=300 owner=team-pay" + RULE,
                "channel-pilot/conflict-b", "topic=conflict.orders namespace=sales freshness=600" + RULE));
        sweep();

        // THEN nothing is created, and the owner hears it exactly once, with the code, both tags and the fix
        assertThat(pw.channels(CLUSTER, "conflict.orders")).isEmpty();
        List<JsonNode> notes = notices(mark, "TAG_CONTRACT_ERROR", "conflict.orders");
        assertThat(notes).hasSize(1);
        JsonNode note = notes.get(0);
        assertThat(note.path("owner").asText()).isEqualTo("team-pay");
        assertThat(note.at("/facts/code.1").asText()).isEqualTo("RULE_CONFLICT");
        assertThat(note.at("/facts/tag.1").asText()).isEqualTo("channel-pilot/conflict-a | channel-pilot/conflict-b");
        assertThat(note.at("/facts/setting.1").asText()).isEqualTo("freshness");
        assertThat(note.path("title").asText()).isEqualTo("Tags for topic conflict.orders refused: RULE_CONFLICT");
        // the link points into the stack's RunbookBaseUrl (the world deploys template.yaml's default)
        assertThat(note.path("runbook").asText()).isEqualTo(NotificationRenderer.DEFAULT_RUNBOOK_BASE_URL
                + "docs/runbook.md#tag_contract_error");
        assertThat(note.path("actions").toString()).contains("channel-pilot plan --cluster " + pw.clusterArn(CLUSTER)
                + " --topic conflict.orders");
        // AND both executions carry the coded refusal in their output; the second one's notice is the duplicate
        List<ExecutionDescription> runs = pw.executionsSince(mark);
        assertThat(runs).hasSize(2).allSatisfy(r -> {
            assertThat(r.status().name()).isEqualTo("SUCCEEDED");
            assertThat(r.output().at("/resolution/refusals/0/problems/0/code").asText()).isEqualTo("RULE_CONFLICT");
            assertThat(r.output().at("/resolution/refusals/0/kind").asText()).isEqualTo("TAG_CONTRACT_ERROR");
        });
        assertThat(runs).extracting(r -> notice(r).at("/refusalNotices/refusals/0/duplicate").asBoolean())
                .containsExactlyInAnyOrder(false, true);
        // AND channel-pilot status shows the condition
        JsonNode refusal = statusRefusal("topic/conflict.orders");
        assertThat(refusal.path("status").asText()).isEqualTo("True");
        assertThat(refusal.path("reason").asText()).isEqualTo("RULE_CONFLICT");
        assertThat(refusal.path("tags")).extracting(JsonNode::asText)
                .containsExactly("channel-pilot/conflict-a", "channel-pilot/conflict-b");

        // WHEN the conflict is fixed
        pw.untag(CLUSTER, "channel-pilot/conflict-b");
        // THEN the channel is created and the condition reads Resolved
        assertThat(pw.channels(CLUSTER, "conflict.orders")).hasSize(1);
        assertThat(statusRefusal("topic/conflict.orders").path("status").asText()).isEqualTo("False");
        assertThat(statusRefusal("topic/conflict.orders").path("reason").asText()).isEqualTo("Resolved");
    }

    @Test
    void shouldNotifyAgainWhenTheOffendingTagIsEditedButNotWhenAnotherTagIs() throws Exception {
        pw.createTopic(CLUSTER, "edit.orders");
        Mark mark = pw.mark();
        pw.tag(CLUSTER, Map.of("channel-pilot/edit-a", "topic=edit.orders namespace=sales freshness=300" + RULE,
                "channel-pilot/edit-b", "topic=edit.orders namespace=sales freshness=600" + RULE));
        sweep();
        assertThat(notices(mark, "TAG_CONTRACT_ERROR", "edit.orders")).hasSize(1);

        // WHEN another rule of the cluster is edited (the rules change, the two offending tags do not) and the sweep runs
        pw.tag(CLUSTER, "channel-pilot/edit-other", "topic=edit.elsewhere namespace=sales" + RULE);
        sweep();

        // THEN the standing refusal is not repeated
        assertThat(notices(mark, "TAG_CONTRACT_ERROR", "edit.orders")).hasSize(1);

        // WHEN the offending tag is edited and still disagrees
        pw.tag(CLUSTER, "channel-pilot/edit-b", "topic=edit.orders namespace=sales freshness=900" + RULE);
        sweep();

        // THEN the owner hears the new disagreement once
        List<JsonNode> notes = notices(mark, "TAG_CONTRACT_ERROR", "edit.orders");
        assertThat(notes).hasSize(2);
        assertThat(notes.get(1).at("/facts/code.1").asText()).isEqualTo("RULE_CONFLICT");
        for (String key : List.of("channel-pilot/edit-a", "channel-pilot/edit-b", "channel-pilot/edit-other")) {
            pw.untag(CLUSTER, key);
        }
    }

    @Test
    void shouldNotifyOnceFromTheSweepWhenTheTagEventsArriveOnlyAfterIt() throws Exception {
        Mark mark = pw.mark();
        // GIVEN conflicting rules whose CloudTrail and aws.tag events have not been delivered yet
        pw.kafka().tagResource(r -> r.resourceArn(pw.clusterArn(CLUSTER)).tags(Map.of(
                "channel-pilot/sweep-a", "topic=sweep.orders namespace=sales freshness=300" + RULE,
                "channel-pilot/sweep-b", "topic=sweep.orders namespace=sales freshness=900" + RULE)));

        // WHEN the sweep runs first (the backstop), then the two events arrive
        JsonNode report = pw.world().workflows().lambdas().invoke("ReconcileFunction", JSON.createObjectNode()
                .put("source", "channel-pilot.reconcile").put("clusterArn", pw.clusterArn(CLUSTER)));
        List<JsonNode> fromSweep = notices(mark, "TAG_CONTRACT_ERROR", "sweep.orders");
        pw.settle();

        // THEN the sweep told the owner (and says so in its report) and the two executions sent nothing more
        assertThat(fromSweep).hasSize(1);
        assertThat(report.at("/clusters/0/refusalNotices").toString()).contains("topic/sweep.orders");
        assertThat(statusRefusal("topic/sweep.orders").path("reason").asText()).isEqualTo("RULE_CONFLICT");
        assertThat(notices(mark, "TAG_CONTRACT_ERROR", "sweep.orders")).hasSize(1);
    }

    @Test
    void shouldRefuseAndExplainTheTableFanOutWhenTwoRulesDifferOnlyInNamespace() throws Exception {
        Mark mark = pw.mark();

        pw.tag(CLUSTER, Map.of("channel-pilot/nsonly-sales", "topic=nsonly.orders namespace=sales" + RULE,
                "channel-pilot/nsonly-finance", "topic=nsonly.orders namespace=finance" + RULE));
        sweep();

        assertThat(pw.channels(CLUSTER, "nsonly.orders")).isEmpty();
        List<JsonNode> notes = notices(mark, "TAG_CONTRACT_ERROR", "nsonly.orders");
        assertThat(notes).hasSize(1);
        assertThat(notes.get(0).at("/facts/code.1").asText()).isEqualTo("RULE_CONFLICT");
        assertThat(notes.get(0).at("/facts/setting.1").asText()).isEqualTo("namespace");
        assertThat(notes.get(0).path("actions").toString()).contains("A topic fans out only by table=");
        assertThat(statusRefusal("topic/nsonly.orders").path("reason").asText()).isEqualTo("RULE_CONFLICT");
    }

    @Test
    void shouldHintTheRightSpellingOnceWhenATagKeyOnlyLooksLikeChannelPilots() throws Exception {
        Mark mark = pw.mark();

        // WHEN a rule is written under a look-alike key (only the CloudTrail rule routes it: aws.tag filters the prefix)
        pw.tag(CLUSTER, "channelpilot/hint", "topic=hint.orders namespace=sales owner=team-hint" + RULE);
        sweep();

        assertThat(pw.channels(CLUSTER, "hint.orders")).isEmpty();
        List<JsonNode> notes = notices(mark, "TAG_KEY_HINT", "");
        assertThat(notes).hasSize(1);
        JsonNode note = notes.get(0);
        assertThat(note.path("owner").asText()).isEqualTo("team-hint");
        assertThat(note.path("title").asText()).isEqualTo("Tag key channelpilot/hint is ignored: did you mean channel-pilot/hint?");
        assertThat(note.at("/facts/code.1").asText()).isEqualTo("TAG_KEY_LOOKALIKE");
        assertThat(note.at("/facts/rightSpelling").asText()).isEqualTo("channel-pilot/hint");
        assertThat(statusRefusal("tag/channelpilot/hint").path("reason").asText()).isEqualTo("TAG_KEY_LOOKALIKE");
        // AND the execution's output carries the coded refusal
        assertThat(pw.executionsSince(mark)).isNotEmpty().allSatisfy(r -> {
            assertThat(r.output().at("/resolution/refusals/0/kind").asText()).isEqualTo("TAG_KEY_HINT");
            assertThat(r.output().at("/resolution/refusals/0/problems/0/code").asText()).isEqualTo("TAG_KEY_LOOKALIKE");
            assertThat(r.output().at("/resolution/refusals/0/problems/0/tag").asText()).isEqualTo("channelpilot/hint");
        });
        pw.untag(CLUSTER, "channelpilot/hint");
    }

    @Test
    void shouldHintTheSlashOnceWhenMskRejectedAColonKey() throws Exception {
        Mark mark = pw.mark();
        // GIVEN the CloudTrail record of a TagResource MSK refused because of the colon (delivered twice)
        ObjectNode event = (ObjectNode) JSON.readTree(Files.readString(Repo.root().resolve("events/resolve-intents/cloudtrail-tag-resource.json")));
        ObjectNode detail = (ObjectNode) event.get("detail");
        ((ObjectNode) detail.get("requestParameters")).put("resourceArn", pw.clusterArn(CLUSTER)).putObject("tags")
                .put("channel-pilot:orders", "topic=hint.orders" + RULE);
        detail.put("errorCode", "BadRequestException").put("errorMessage", "Tag key uses a character MSK does not allow");
        event.put("id", "colon-tag-1");

        start(event, "colon-a");
        start(event, "colon-b");

        List<JsonNode> notes = notices(mark, "TAG_KEY_HINT", "");
        assertThat(notes).hasSize(1);
        assertThat(notes.get(0).path("title").asText()).isEqualTo("Tag key channel-pilot:orders is ignored: did you mean channel-pilot/orders?");
        assertThat(notes.get(0).path("summary").asText()).contains("BadRequestException").contains("a colon");
        assertThat(statusRefusal("tag/channel-pilot:orders").path("kind").asText()).isEqualTo("TAG_KEY_HINT");
    }

    @Test
    void shouldFailTheExecutionAndNotifyOnceWhenTheTriggerDetailIsMalformed() throws Exception {
        Mark mark = pw.mark();
        // GIVEN a CloudTrail CreateTopic whose detail has no clusterArn, delivered twice
        JsonNode event = JSON.readTree(Files.readString(Repo.root().resolve("events/resolve-intents/malformed-missing-cluster-arn.json")));

        ExecutionDescription first = start(event, "malformed-a");
        ExecutionDescription second = start(event, "malformed-b");

        // THEN it never ends SUCCEEDED in silence: FAILED with the code, and one notification
        for (ExecutionDescription run : List.of(first, second)) {
            assertThat(run.status().name()).isEqualTo("FAILED");
            assertThat(run.error()).isEqualTo("io.channelpilot.workflow.TriggerRejected");
            assertThat(run.cause()).contains("TRIGGER_FIELD_MISSING").contains("detail.requestParameters.clusterArn");
        }
        List<JsonNode> notes = notices(mark, "TRIGGER_REJECTED", "");
        assertThat(notes).hasSize(1);
        assertThat(notes.get(0).path("title").asText())
                .isEqualTo("Trigger rejected: TRIGGER_FIELD_MISSING at detail.requestParameters.clusterArn");
        assertThat(notes.get(0).path("owner").asText()).isEmpty();
        assertThat(statusRefusal("trigger/" + event.path("id").asText()).path("reason").asText()).isEqualTo("TRIGGER_FIELD_MISSING");
    }

    /** The Map item that carried the refusals (the last item, plan NOTIFY_REFUSALS) as it ended. */
    private static JsonNode notice(ExecutionDescription run) {
        for (JsonNode outcome : run.output().path("outcomes")) {
            if (outcome.at("/intent/plan").asText().equals("NOTIFY_REFUSALS")) {
                return outcome;
            }
        }
        throw new AssertionError("no refusal notice item in " + run.output());
    }

    private static ExecutionDescription start(JsonNode input, String name) {
        String arn = pw.world().workflows().executions().start(pw.world().workflows().stateMachineArn(ProvisioningWorld.MACHINE),
                name, input).executionArn();
        return pw.world().workflows().executions().await(arn);
    }

    /** The sweep of this cluster (the backstop): it must not repeat what the events already told the owner. */
    private static void sweep() {
        ObjectNode in = JSON.createObjectNode().put("source", "channel-pilot.reconcile").put("clusterArn", pw.clusterArn(CLUSTER));
        JsonNode report = pw.world().workflows().lambdas().invoke("ReconcileFunction", in);
        assertThat(report.path("errors")).as(report.toString()).isEmpty();
        pw.settle();
    }

    /** Notifications of {@code kind} about {@code topic} ("" = any) on this cluster since the mark (message v1). */
    private static List<JsonNode> notices(Mark mark, String kind, String topic) {
        List<PublishedMessage> all = pw.world().sns().published();
        List<JsonNode> out = new ArrayList<>();
        for (PublishedMessage m : all.subList(mark.notifications(), all.size())) {
            JsonNode message;
            try {
                message = JSON.readTree(m.defaultMessage());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            boolean cluster = message.path("cluster").asText().equals(pw.clusterArn(CLUSTER)) || kind.equals("TRIGGER_REJECTED");
            if (kind.equals(message.path("kind").asText()) && cluster && (topic.isEmpty() || topic.equals(message.path("topic").asText()))) {
                out.add(message);
            }
        }
        return out;
    }

    /** {@code channel-pilot status --output json}, the operator's view, and its refusal for {@code subject}. */
    private static JsonNode statusRefusal(String subject) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = ChannelPilot.run(new String[] {"status", "--output", "json", "--endpoint-url", pw.world().server().endpoint().toString(),
                "--table", pw.world().stack().statusTable()}, pw.world().functionEnvironment(), new PrintWriter(out), new PrintWriter(err));
        assertThat(exit).as(err.toString()).isZero();
        for (JsonNode r : JSON.readTree(out.toString()).path("refusals")) {
            if (r.path("subject").asText().equals(subject)) {
                return r;
            }
        }
        throw new AssertionError("no refusal " + subject + " in " + JSON.readTree(out.toString()).path("refusals"));
    }
}
