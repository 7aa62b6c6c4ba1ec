package io.channelpilot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.DynamoDbStatusStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The operator CLI in-process against a local world (status, plan, redrive refusals); redrive runs are in tests/. */
class ChannelPilotCliTest {

    static LocalWorld world;
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() {
        world = LocalWorld.start(LocalWorld.Options.of(root().resolve("local/worlds/default.json"), root().resolve("template.yaml")));
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    record Result(int exit, String out) {
        JsonNode json() throws Exception {
            return JSON.readTree(out);
        }
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint-url", world.server().endpoint().toString(), "--table", world.stack().statusTable()));
        int exit = ChannelPilot.run(all.toArray(String[]::new), world.functionEnvironment(), new PrintWriter(out),
                new PrintWriter(out));
        return new Result(exit, out.toString());
    }

    @Test
    void shouldListChannelsWithTheirConditionsWhenStatusIsAsked() throws Exception {
        String arn = world.services().msk().clusterArnOf("orders-express").orElseThrow();
        try (DynamoDbClient dynamo = LocalClients.dynamo(world.server().endpoint(), world.file().region())) {
            new DynamoDbStatusStore(dynamo, world.stack().statusTable(), world.clock()).update(
                    new ChannelKey(arn, "orders-created-x"), "orders.created",
                    s -> s.withObserved("arn:ch", "ACTIVE").withCondition(ConditionType.READY, ConditionStatus.TRUE,
                            "ChannelActive", "two ACTIVE reads", world.clock().instant()));
        }

        Result json = run("status", "--cluster", "orders-express", "--output", "json");
        Result table = run("status");

        assertThat(json.exit()).isZero();
        JsonNode channel = json.json().get(0);
        assertThat(channel.path("channel").asText()).isEqualTo("orders-created-x");
        assertThat(channel.path("observed").asText()).isEqualTo("ACTIVE");
        assertThat(channel.at("/conditions/0/reason").asText()).isEqualTo("ChannelActive");
        assertThat(table.out()).contains("orders-created-x").contains("Ready=True(ChannelActive)");
    }

    @Test
    void shouldResolveAndValidateWithoutCreatingAnythingWhenPlanning() throws Exception {
        Result plan = run("plan", "--cluster", "orders-express", "--topic", "orders.created", "--output", "json");

        assertThat(plan.exit()).as(plan.out()).isIn(0, 4);
        JsonNode row = plan.json().get(0);
        assertThat(row.path("topic").asText()).isEqualTo("orders.created");
        assertThat(row.path("plan").asText()).isEqualTo("CREATE");
        assertThat(row.path("verdict").asText()).isIn("PASS", "FAIL", "INCOMPLETE");
        assertThat(world.server().calls().count("kafka:CreateChannel")).isZero();
        assertThat(world.server().calls().count("logs:CreateLogGroup")).isZero();
    }

    @Test
    void shouldRefuseWithACodeAndRemediationWhenTheTaskIsUnknown() throws Exception {
        Result status = run("redrive", "status", "--task", "no-such-task", "--output", "json");
        Result cancel = run("redrive", "cancel", "--task", "no-such-task");

        assertThat(status.exit()).isEqualTo(RedriveCommand.REFUSED);
        assertThat(status.json().path("code").asText()).isEqualTo("TASK_NOT_FOUND");
        assertThat(status.json().path("remediation").asText()).contains("redrive status --channel");
        assertThat(cancel.out()).contains("refused: TASK_NOT_FOUND").contains("fix: ");
    }

    @Test
    void shouldExplainUsageWhenArgumentsAreMissing() {
        Result r = run("redrive", "start");

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).contains("Missing required option: '--channel=<channel>'");
    }

    static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.exists(p.resolve("template.yaml"))) {
            p = p.getParent();
        }
        return p;
    }
}
