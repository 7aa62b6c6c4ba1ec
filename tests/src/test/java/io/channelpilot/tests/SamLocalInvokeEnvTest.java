package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.lambda.SamEnvVars;
import io.channelpilot.local.sfn.template.CfnYaml;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.delivery.DlqLayout;
import io.channelpilot.runtime.FunctionEnvironment;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code sam local invoke -e <event> --env-vars local-env.json} against {@code channel-pilot-local serve} (README): the
 * file serve writes ({@link LocalWorld#samEnvVars()}), put through SAM CLI's rule the way SAM applies it — only the
 * variables a function declares in template.yaml (Globals included) are overridden, {@code Parameters} applies to every
 * function, a function's own object wins ({@link SamEnvVars}); template values resolved as SAM CLI's intrinsic resolver
 * does ({@code samcli/lib/intrinsic_resolver}: a {@code Ref} to a resource is its logical id, to a parameter its
 * Default, unresolvable functions become "") — must point every function at the world and at nothing else.
 */
class SamLocalInvokeEnvTest {

    private static LocalWorld world;
    private static JsonNode template;
    private static ObjectNode file;

    @BeforeAll
    static void start() throws Exception {
        world = LocalWorld.start(LocalWorld.Options.of(Repo.root().resolve("local/worlds/demo.json"), Repo.root().resolve("template.yaml")));
        template = CfnYaml.parse(Files.readString(Repo.root().resolve("template.yaml")));
        file = world.samEnvVars();
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    @Test
    void shouldPointEveryFunctionAtTheWorldsEndpointAndClockUnderSamsRule() {
        for (String fn : functions()) {
            Map<String, String> env = SamEnvVars.apply(declared(fn), file, fn);
            assertThat(URI.create(env.getOrDefault(FunctionEnvironment.ENDPOINT_URL, ""))).as(fn + " endpoint")
                    .isEqualTo(world.server().endpoint());
            assertThat(env.get(FunctionEnvironment.CLOCK_URL)).as(fn + " clock").isEqualTo(world.clockUrl().toString());
        }
    }

    @Test
    void shouldOverrideEveryDeclaredVariableThatNamesAnAwsResourceWithTheWorldsValue() {
        Map<String, String> world = SamLocalInvokeEnvTest.world.functionEnvironment();
        List<String> problems = new ArrayList<>();
        for (String fn : functions()) {
            Map<String, String> env = SamEnvVars.apply(declared(fn), file, fn);
            Map<String, String> overrides = SamEnvVars.overrides(file, fn);
            rawVariables(fn).forEach((name, raw) -> {
                if (namesAwsResource(raw) && !overrides.containsKey(name)) {
                    problems.add(fn + "." + name + " keeps SAM's value '" + env.get(name) + "' (the file does not override it)");
                }
                if (world.containsKey(name) && !world.get(name).equals(env.get(name))) {
                    problems.add(fn + "." + name + " = '" + env.get(name) + "', the world's is '" + world.get(name) + "'");
                }
                if (resourceIds().contains(env.get(name))) {
                    problems.add(fn + "." + name + " is a logical id (" + env.get(name) + "): an unresolved Ref, real AWS would be asked");
                }
            });
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void shouldDeclareEveryVariableTheFileSetsInSomeFunctionSoNothingIsDropped() {
        Set<String> declaredSomewhere = new TreeSet<>();
        functions().forEach(fn -> declaredSomewhere.addAll(declared(fn).keySet()));
        Set<String> dropped = new TreeSet<>();
        file.path("Parameters").fieldNames().forEachRemaining(dropped::add);
        dropped.removeAll(declaredSomewhere);
        assertThat(dropped).as("variables serve writes that no function declares: SAM drops them").isEmpty();
        // and what the world sets for its in-process functions (beyond region and credentials, which SAM sets itself)
        Set<String> undeclared = new TreeSet<>(world.functionEnvironment().keySet());
        undeclared.removeIf(k -> k.startsWith("AWS_"));
        undeclared.removeAll(declaredSomewhere);
        assertThat(undeclared).as("variables the world overrides that template.yaml does not declare").isEmpty();
        // the functions that need a state machine get one: a Ref resolves to a logical id under SAM
        assertThat(SamEnvVars.apply(declared("ReconcileFunction"), file, "ReconcileFunction"))
                .containsEntry("CHANNEL_PILOT_PROVISION_STATE_MACHINE_ARN", world.stack().stateMachineArn("ProvisionChannelStateMachine"));
        assertThat(SamEnvVars.apply(declared("RespondToAlarmFunction"), file, "RespondToAlarmFunction"))
                .containsEntry("CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN", world.stack().stateMachineArn("RedriveDlqStateMachine"));
        assertThat(SamEnvVars.apply(declared("RedriveBatchFunction"), file, "RedriveBatchFunction"))
                .containsEntry("CHANNEL_PILOT_KAFKA_AUTH", "PLAINTEXT")
                .containsEntry("CHANNEL_PILOT_KAFKA_BOOTSTRAP", world.functionEnvironment().get("CHANNEL_PILOT_KAFKA_BOOTSTRAP"));
    }

    /**
     * The DLQ_FIELD_* settings the world hands the functions for renamed DLQ fields reach the two functions that parse
     * DLQ objects under SAM's rule (template.yaml declares them, empty = the parser's defaults), in runtime mode too.
     */
    @Test
    void shouldHandTheOperatorsDlqFieldSettingsToTheFunctionsThatParseTheDlq() {
        // given every layout whose field names need the operator's settings
        Map<String, String> settings = new LinkedHashMap<>();
        for (DlqLayout.FieldNames names : DlqLayout.FieldNames.values()) {
            settings.putAll(new DlqLayout(DlqLayout.Container.JSON_LINES, false, names, false).operatorEnvironment());
        }
        assertThat(settings).as("some layout renames the fields").isNotEmpty();
        ObjectNode f = file.deepCopy();
        settings.forEach(((ObjectNode) f.path("Parameters"))::put);

        // then both functions get every one, and the template's own values are inert (empty)
        for (String fn : List.of("RespondToAlarmFunction", "RedriveBatchFunction")) {
            assertThat(SamEnvVars.apply(declared(fn), f, fn)).as(fn).containsAllEntriesOf(settings);
            assertThat(SamEnvVars.dropped(declared(fn).keySet(), f, fn)).as(fn).doesNotContainAnyElementsOf(settings.keySet());
            settings.keySet().forEach(k -> assertThat(declared(fn)).as(fn).containsEntry(k, ""));
        }
    }

    @Test
    void shouldApplySamsPrecedenceFunctionObjectOverParametersAndDropUndeclared() {
        ObjectNode f = file.deepCopy();
        f.putObject("NotifyFunction").put("CHANNEL_PILOT_TOPIC_ARN", "arn:aws:sns:us-east-1:123456789012:own").put("NOT_DECLARED", "x");
        Map<String, String> env = SamEnvVars.apply(declared("NotifyFunction"), f, "NotifyFunction");
        assertThat(env).containsEntry("CHANNEL_PILOT_TOPIC_ARN", "arn:aws:sns:us-east-1:123456789012:own").doesNotContainKey("NOT_DECLARED");
        assertThat(SamEnvVars.dropped(declared("NotifyFunction").keySet(), f, "NotifyFunction")).contains("NOT_DECLARED")
                .as("Kafka access is redrive-batch's only").contains("CHANNEL_PILOT_KAFKA_BOOTSTRAP").doesNotContain("CHANNEL_PILOT_TOPIC_ARN");
    }

    // ------------------------------------------------------------------ template.yaml as SAM CLI reads it

    private static List<String> functions() {
        List<String> out = new ArrayList<>();
        template.path("Resources").fields().forEachRemaining(e -> {
            if (e.getValue().path("Type").asText().equals("AWS::Serverless::Function")) {
                out.add(e.getKey());
            }
        });
        return out;
    }

    private static Set<String> resourceIds() {
        Set<String> ids = new TreeSet<>();
        template.path("Resources").fieldNames().forEachRemaining(ids::add);
        return ids;
    }

    /** Globals then the function's own Environment.Variables, unresolved. */
    private static Map<String, JsonNode> rawVariables(String fn) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (JsonNode vars : List.of(template.path("Globals").path("Function").path("Environment").path("Variables"),
                template.path("Resources").path(fn).path("Properties").path("Environment").path("Variables"))) {
            for (Iterator<Map.Entry<String, JsonNode>> it = vars.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    /** The declared variables with their values as SAM CLI resolves them. */
    private static Map<String, String> declared(String fn) {
        Map<String, String> out = new LinkedHashMap<>();
        rawVariables(fn).forEach((k, v) -> out.put(k, samValue(v)));
        return out;
    }

    /** A scalar as is; Ref to a parameter: its Default; to a resource: its logical id; anything else: "". */
    private static String samValue(JsonNode v) {
        if (!v.isContainerNode()) {
            return v.asText();
        }
        if (v.has("Ref")) {
            String ref = v.get("Ref").asText();
            JsonNode param = template.path("Parameters").path(ref);
            if (!param.isMissingNode()) {
                return param.path("Default").asText("");
            }
            return switch (ref) {
                case "AWS::Region" -> "us-east-1";
                case "AWS::AccountId" -> "123456789012";
                case "AWS::Partition" -> "aws";
                case "AWS::StackName" -> "local";
                default -> ref; // a resource: SAM CLI's symbol table answers its logical id
            };
        }
        return "";
    }

    /**
     * Whether a raw value names something in an AWS account: a Ref/GetAtt/Sub that reaches a resource, a pseudo
     * parameter or a String parameter (the stack's buckets, role, key, prefix, namespace, clusters). Literals and Number
     * parameters (settings such as the sweep interval) do not.
     */
    private static boolean namesAwsResource(JsonNode v) {
        if (!v.isContainerNode()) {
            return false;
        }
        if (v.has("Ref")) {
            String ref = v.get("Ref").asText();
            JsonNode param = template.path("Parameters").path(ref);
            return param.isMissingNode() || !"Number".equals(param.path("Type").asText());
        }
        if (v.has("Fn::GetAtt") || v.has("Fn::Sub")) {
            return true;
        }
        for (JsonNode child : v) {
            if (namesAwsResource(child)) {
                return true;
            }
        }
        return false;
    }
}
