package io.channelpilot.tests.abuse;

import io.channelpilot.workflow.WorkflowJson;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.alarm.AlarmEvent;
import io.channelpilot.alarm.RespondToAlarmEntry;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.conformance.SchemaAnalysis;
import io.channelpilot.conformance.SchemaAnalyzer;
import io.channelpilot.conformance.SchemaProblem;
import io.channelpilot.dlq.DlqObjectResult;
import io.channelpilot.dlq.DlqParser;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.provision.AlarmSettings;
import io.channelpilot.provision.ChannelAlarms;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.store.RecordedAlarm;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import io.channelpilot.local.world.file.WorldFiles;
import io.channelpilot.model.Home;
import io.channelpilot.model.StackSettings;
import io.channelpilot.poll.PollChannelEntry;
import io.channelpilot.provision.ProvisionChannelEntry;
import io.channelpilot.reconcile.ReconcileEntry;
import io.channelpilot.redrive.batch.RedriveBatchEntry;
import io.channelpilot.redrive.control.RedriveControlEntry;
import io.channelpilot.resolve.ResolveIntentsEntry;
import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.spec.Resolution;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.spec.TagProblem;
import io.channelpilot.testing.TestLambdaContext;
import io.channelpilot.validate.ValidateChannelEntry;
import io.channelpilot.workflow.WorkflowError;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs one abuse input through its target, in-process: the handlers with the local world's function environment
 * (through their FunctionEntry, as the world creates them, or their {@code (Map env)} constructors), the CLI against
 * the world's endpoint, and the pure parsers/loaders directly. Returns the stable code and the texts a caller would see.
 */
final class AbuseTargets {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The shared world's Express cluster (local/worlds/default.json). */
    static final String CLUSTER_ARN = "arn:aws:kafka:us-east-1:123456789012:cluster/orders-express/0a1b2c3d-0000-4000-8000-000000000001-1";

    private final LocalWorld world;
    private final Map<String, String> env;
    private final Map<String, RequestStreamHandler> handlers = new LinkedHashMap<>();

    AbuseTargets(LocalWorld world) {
        this.world = world;
        Map<String, String> e = new LinkedHashMap<>(world.functionEnvironment());
        // ReconcileFunction's own variable (template.yaml); the local runner names state machines by logical id.
        e.put("CHANNEL_PILOT_PROVISION_STATE_MACHINE_ARN", e.get("CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN")
                .replace("RedriveDlqStateMachine", "ProvisionChannelStateMachine"));
        this.env = Map.copyOf(e);
    }

    /** The channel {@link #recordProvisionedChannel} records: orders.created on orders-express (default.json's rule). */
    static final String RECORDED_CHANNEL = "orders.created.orders_created-8704bee54e";

    /**
     * What provisioning would have recorded for one channel — its desired spec and its three alarms — so alarm cases can
     * name a real channel of ours: a forged alarm is then refused for what it is (ALARM_IDENTITY_MISMATCH), not merely
     * for naming a channel nobody made. Written once, before the cases count mutating calls.
     */
    void recordProvisionedChannel() {
        // the world's own ARN of orders-express (its uuid comes from the world's seed)
        String clusterArn = world.services().msk().clusterArnOf("orders-express").orElseThrow();
        ChannelSpec spec = new SpecResolver(StackSettings.from(env)).resolve(clusterArn,
                world.file().clusters().get(0).tags(), "orders.created", Map.of()).specs().get(0);
        if (!spec.channelName().equals(RECORDED_CHANNEL)) {
            throw new IllegalStateException("default.json's orders.created channel is " + spec.channelName());
        }
        java.util.List<RecordedAlarm> alarms = new ChannelAlarms(AlarmSettings.defaults()).all(clusterArn, spec.channelName(),
                spec.topic(), spec.freshnessSeconds(), spec.infrastructure().names()).stream()
                .map(a -> ChannelAlarms.record(clusterArn, a)).toList();
        try (DynamoDbClient dynamo = LocalClients.dynamo(world.server().endpoint(), world.file().region())) {
            String desired = io.channelpilot.workflow.WorkflowJson.mapper().writeValueAsString(spec);
            new DynamoDbStatusStore(dynamo, env.get("CHANNEL_PILOT_STATUS_TABLE"), world.clock()).update(
                    new ChannelKey(clusterArn, spec.channelName()), spec.topic(),
                    s -> s.withDesired(desired, spec.fingerprint()).withAlarms(alarms));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The folder of the case's input file: a world file resolves its paths against it, as WorldFiles.read does. */
    private Path caseFolder = Path.of(".");

    AbuseOutcome run(AbuseCase c, byte[] input, Path corpus) throws IOException {
        caseFolder = corpus.resolve(c.file()).toAbsolutePath().getParent();
        return run(c, input);
    }

    AbuseOutcome run(AbuseCase c, byte[] input) throws IOException {
        return switch (c.target()) {
            case "resolve-intents" -> firstError(stream(c.target(), () -> entry(new ResolveIntentsEntry()), input), "field");
            case "reconcile" -> firstError(stream(c.target(), () -> entry(new ReconcileEntry()), input), "where");
            case "respond-to-alarm" -> alarm(input);
            case "validate-channel" -> validate(input);
            case "provision-channel" -> workflow(c.target(), () -> entry(new ProvisionChannelEntry()), input);
            case "poll-channel" -> workflow(c.target(), () -> entry(new PollChannelEntry()), input);
            case "redrive-control" -> workflow(c.target(), () -> entry(new RedriveControlEntry()), input);
            case "redrive-batch" -> workflow(c.target(), () -> entry(new RedriveBatchEntry()), input);
            case "redrive-cli" -> cli(input);
            case "tags" -> tags(input);
            case "schema" -> schema(input);
            case "world" -> worldFile(input);
            case "dlq" -> dlq(c, input);
            default -> throw new IllegalStateException("unknown target " + c.target());
        };
    }

    /** A handler as the local world creates it: through its function's entry, with this world's environment. */
    private RequestStreamHandler entry(FunctionEntry entry) {
        return (RequestStreamHandler) entry.create(FunctionEnvironment.of(env));
    }

    private JsonNode stream(String target, Supplier<RequestStreamHandler> factory, byte[] input) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handlers.computeIfAbsent(target, t -> factory.get()).handleRequest(new ByteArrayInputStream(input), out,
                new TestLambdaContext(target));
        return JSON.readTree(out.toByteArray());
    }

    private static AbuseOutcome firstError(JsonNode result, String fieldKey) {
        JsonNode e = result.path("errors").path(0);
        if (e.isMissingNode()) {
            return AbuseOutcome.of("NO_ERROR", result.toString());
        }
        return AbuseOutcome.of(e.path("code").asText(), e.path(fieldKey).asText(), e.path("message").asText(),
                e.path("remediation").asText());
    }

    private AbuseOutcome alarm(byte[] input) throws IOException {
        JsonNode response = stream("respond-to-alarm", () -> entry(new RespondToAlarmEntry()), input);
        String outcome = response.path("outcome").asText();
        String reason = response.path("reason").asText();
        String message = "";
        try {
            if (AlarmEvent.parse(JSON.readTree(input), Home.from(env)) instanceof AlarmEvent.Input.Ignored ignored) {
                message = ignored.message();
            }
        } catch (IOException notJson) {
            message = ((AlarmEvent.Input.Ignored) AlarmEvent.parse(null)).message();
        }
        return AbuseOutcome.of(outcome.equals("IGNORED") ? reason : outcome, reason, message, response.path("detail").asText());
    }

    private AbuseOutcome validate(byte[] input) throws IOException {
        // a stream handler, like the others: the bytes reach our code, which refuses a non-object with INPUT_NOT_OBJECT
        return workflow("validate-channel", () -> entry(new ValidateChannelEntry()), input);
    }

    private AbuseOutcome workflow(String target, Supplier<RequestStreamHandler> factory, byte[] input) throws IOException {
        try {
            return AbuseOutcome.of("NO_ERROR", stream(target, factory, input).toString());
        } catch (WorkflowError e) {
            return AbuseOutcome.of(e.code(), e.getMessage());
        }
    }

    private AbuseOutcome cli(byte[] input) throws IOException {
        String[] args = new String(input, StandardCharsets.UTF_8).lines().filter(l -> !l.isEmpty()).toArray(String[]::new);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Map<String, String> cliEnv = new LinkedHashMap<>(world.clientEnvironment());
        cliEnv.put("CHANNEL_PILOT_STATUS_TABLE", env.get("CHANNEL_PILOT_STATUS_TABLE"));
        cliEnv.put("CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN", env.get("CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN"));
        int exit = ChannelPilot.run(args, cliEnv, new PrintWriter(out, true), new PrintWriter(err, true));
        if (exit != 3) {
            return AbuseOutcome.of("EXIT_" + exit, out.toString(), err.toString());
        }
        JsonNode refusal = JSON.readTree(out.toString());
        return AbuseOutcome.of(refusal.path("code").asText(), refusal.path("message").asText(), refusal.path("remediation").asText());
    }

    private AbuseOutcome tags(byte[] input) throws IOException {
        JsonNode c = JSON.readTree(input);
        Map<String, String> cluster = JSON.convertValue(c.path("clusterTags"), new TypeReference<>() { });
        Map<String, String> topic = JSON.convertValue(c.path("topicTags"), new TypeReference<>() { });
        Resolution r = new SpecResolver(StackSettings.from(env)).resolve(CLUSTER_ARN, cluster, c.path("topic").asText(), topic);
        if (r.problems().isEmpty()) {
            return AbuseOutcome.of("NO_ERROR", r.toString());
        }
        TagProblem p = r.problems().get(0);
        // a spec resolved next to the problem would be planned: it is what a malformed tag set must never create
        return AbuseOutcome.of(p.code().name(), p.tag(), p.setting(), p.message(), p.remediation())
                .creating(r.specs().stream().map(s -> "channel " + s.channelName()).toList());
    }

    private static AbuseOutcome schema(byte[] input) {
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(new String(input, StandardCharsets.UTF_8), "event_time");
        // a usable analysis is what validation turns into a table schema: a refused schema must yield none
        java.util.List<String> made = analysis.isUsable() ? java.util.List.of("Iceberg schema " + analysis.icebergSchemaJson())
                : java.util.List.of();
        return analysis.problems().stream().filter(SchemaProblem::isError).findFirst()
                .map(p -> AbuseOutcome.of(p.code().code(), p.pointer(), p.message(), p.remediation()).creating(made))
                .orElseGet(() -> AbuseOutcome.of("NO_ERROR", analysis.problems().toString()));
    }

    private AbuseOutcome worldFile(byte[] input) {
        // relative to the case's folder, as a world file on disk: definitionFile cases are read, not "not found"
        WorldFiles.Result r = WorldFiles.parse(new String(input, StandardCharsets.UTF_8), caseFolder);
        if (r instanceof WorldFiles.Invalid invalid) {
            var p = invalid.problems().get(0);
            return AbuseOutcome.of(p.path(), p.path(), p.message());
        }
        return AbuseOutcome.of("NO_ERROR", "valid world file").creating(java.util.List.of("a world that would start"));
    }

    private static AbuseOutcome dlq(AbuseCase c, byte[] input) {
        long[] sunk = {0};
        DlqObjectResult r = DlqParser.withDefaults().parse(c.file(), new ByteArrayInputStream(input), "orders.updated",
                e -> sunk[0]++);
        if (r instanceof DlqObjectResult.Quarantined q) {
            // a quarantined object hands nothing on for redrive — except, as documented (QuarantineReason.TRUNCATED),
            // the identified records read before a truncation: they are real dead letters
            boolean handsOn = sunk[0] > 0 && q.reason() != io.channelpilot.dlq.QuarantineReason.TRUNCATED;
            return AbuseOutcome.of(q.reason().name(), q.detail(), q.reason().remediation())
                    .creating(handsOn ? java.util.List.of(sunk[0] + " entries handed to redrive") : java.util.List.of());
        }
        DlqObjectResult.Parsed parsed = (DlqObjectResult.Parsed) r;
        // Documented: records without identifiers inside a readable object are counted, the object is not quarantined.
        return AbuseOutcome.of(parsed.unparseableRecords() > 0 ? "UNPARSEABLE_RECORDS" : "PARSED",
                "unparseableRecords=" + parsed.unparseableRecords() + " records=" + parsed.records() + " sunk=" + sunk[0]);
    }
}
