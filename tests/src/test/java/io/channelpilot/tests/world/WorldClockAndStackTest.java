package io.channelpilot.tests.world;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.http.ApiCallLog;
import io.channelpilot.local.world.workflow.WorkflowHost;
import io.channelpilot.tests.Repo;
import io.channelpilot.tests.WorldCopies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16.6/16.7 in one world: the demo world with its table bucket in another Region (eu-west-1) and no cluster
 * rules. The default TableBucketArn names the bucket where it is, so validation reports TABLE_BUCKET_REGION (not
 * TABLE_BUCKET_EXISTS) and reads the bucket's encryption from S3 Tables; the template's reconcile schedule
 * (rate(15 minutes)) fires as the virtual clock passes it, without a sweep injected by hand.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WorldClockAndStackTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static LocalWorld world;
    static Instant started;

    @BeforeAll
    static void start() throws Exception {
        Path demo = Repo.root().resolve("local/worlds/demo.json");
        ObjectNode w = (ObjectNode) JSON.readTree(demo.toFile());
        WorldCopies.inlineDefinitionFiles(w, demo.getParent());
        w.put("emitEvents", false);
        ((ObjectNode) w.path("tableBuckets").get(0)).put("region", "eu-west-1");
        for (JsonNode c : w.path("clusters")) {
            ((ObjectNode) c).remove("tags"); // no rules: a sweep has nothing to provision
        }
        Path file = dir.resolve("world.json");
        Files.writeString(file, JSON.writeValueAsString(w));
        world = LocalWorld.start(LocalWorld.Options.of(file, Repo.root().resolve("template.yaml")).withoutBrokers());
        started = world.clock().instant();
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    @Test
    @Order(1)
    void shouldFireTheReconcileScheduleAsTheVirtualClockPassesIt() {
        // when the clock passes 14 minutes, then the 15th
        world.advance(Duration.ofMinutes(14));
        List<WorkflowHost.Delivery> before = sweeps();
        world.advance(Duration.ofMinutes(1));
        List<WorkflowHost.Delivery> atFifteen = sweeps();
        world.advance(Duration.ofMinutes(15));

        // then one sweep per 15 minutes, each a Scheduled Event of its firing time, invoked in the world
        assertThat(before).isEmpty();
        assertThat(atFifteen).singleElement().satisfies(d -> assertThat(d.result()).isEqualTo("invoked"));
        assertThat(sweeps()).hasSize(2);
        assertThat(world.events().published().stream().filter(e -> e.path("detail-type").asText().equals("Scheduled Event"))
                .map(e -> e.path("time").asText()).toList())
                .containsExactly(started.plus(Duration.ofMinutes(15)).toString(), started.plus(Duration.ofMinutes(30)).toString());
    }

    @Test
    @Order(2)
    void shouldJudgeATableBucketOfAnotherRegionByItsRegionAndReadItsEncryption() throws Exception {
        // given the validate sample event with the stack's TableBucketArn (as resolve-intents fills it in)
        ObjectNode event = (ObjectNode) JSON.readTree(Repo.root().resolve("events/validate-channel/valid.json").toFile());
        String cluster = world.services().msk().clusterArnOf("demo").orElseThrow();
        ObjectNode desired = (ObjectNode) event.path("intent").path("desired");
        ((ObjectNode) event.path("intent")).put("clusterArn", cluster);
        desired.put("clusterArn", cluster);
        ((ObjectNode) desired.path("infrastructure")).put("tableBucketArn", world.stack().tableBucketArn())
                .put("serviceRoleArn", world.stack().serviceRoleArn()); // a role that exists: its KMS rule reads the encryption

        // when
        JsonNode report = world.workflows().lambdas().invoke("ValidateChannelFunction", event);

        // then the bucket is found where it is, and judged by its Region
        assertThat(world.stack().tableBucketArn()).startsWith("arn:aws:s3tables:eu-west-1:");
        assertThat(finding(report, "TABLE_BUCKET_EXISTS").path("status").asText()).as(report.toString()).isEqualTo("PASS");
        assertThat(finding(report, "TABLE_BUCKET_REGION").path("status").asText()).as(report.toString()).isEqualTo("FAIL");
        List<ApiCallLog.Call> encryption = world.server().calls().calls().stream()
                .filter(c -> c.key().equals("s3tables:GetTableBucketEncryption")).toList();
        assertThat(encryption).isNotEmpty().allSatisfy(c -> assertThat(c.status()).isEqualTo(200));
        assertThat(world.server().calls().counts()).doesNotContainKey("s3tables:?");
    }

    private static JsonNode finding(JsonNode report, String code) {
        for (JsonNode f : report.path("findings")) {
            if (f.path("code").asText().equals(code)) {
                return f;
            }
        }
        throw new AssertionError("no finding " + code + " in " + report);
    }

    private static List<WorkflowHost.Delivery> sweeps() {
        return world.workflows().deliveries().stream().filter(d -> d.target().equals("ReconcileFunction")).toList();
    }
}
