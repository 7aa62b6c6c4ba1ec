package io.channelpilot.resolve;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.gateway.ClusterStateReader;
import io.channelpilot.gateway.GatewayExistingTables;
import io.channelpilot.gateway.SdkClusterStateReader;
import io.channelpilot.gateway.SdkTablesGateway;
import io.channelpilot.model.Home;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.FailureHistory;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.refusal.RefusalRecorder;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.store.DynamoDbStatusStore;
import io.channelpilot.store.FailureLedger;
import io.channelpilot.store.StatusStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import io.channelpilot.time.TimeSource;
import java.util.Map;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * ResolveIntents task (statemachine/provision-channel.asl.json): input {@code {trigger, executionName}} (a bare
 * trigger is accepted too, for {@code sam local invoke}); output {@link ResolveResult}. Thin: parse JSON → resolver →
 * JSON. Clients are built once per instance from the environment (SnapStart-friendly, no statics).
 */
public final class ResolveIntentsHandler implements RequestStreamHandler {

    private final IntentResolver resolver;
    private final ObjectMapper json;
    private final Metrics metrics;

    public ResolveIntentsHandler() {
        this(FunctionEnvironment.system());
    }

    /** Lambda entry point's wiring: the process environment with the local-world overrides (inert in AWS). */
    private ResolveIntentsHandler(FunctionEnvironment fn) {
        this(fn.variables(), fn.time());
        ResolvePriming.register(fn.variables()); // SnapStart: primes SDK clients and Jackson before the snapshot
    }

    /** The local world calls this in-process with its own environment map. */
    public ResolveIntentsHandler(Map<String, String> env) {
        this(env, TimeSource.system());
    }

    /** The local world's entry point: its virtual clock instead of the system one. */
    public ResolveIntentsHandler(Map<String, String> env, TimeSource time) {
        this(env, ResolveConfig.from(env), time.clock());
    }

    private ResolveIntentsHandler(Map<String, String> env, ResolveConfig config, Clock clock) {
        this(reader(AwsClients.from(env)), new DynamoDbStatusStore(AwsClients.from(env).dynamoDb(), config.statusTable(), clock),
                config.stack(), clock, config.claimTtl(), config.metricsNamespace(), Home.from(env), FailureLedger.limitFrom(env));
    }

    /** MSK for the cluster; S3 Tables GetTable for the table generation of a channel that must be (re)created. */
    private static SdkClusterStateReader reader(AwsClients clients) {
        return new SdkClusterStateReader(clients.kafka(), new GatewayExistingTables(new SdkTablesGateway(clients.s3Tables())));
    }

    public ResolveIntentsHandler(ClusterStateReader reader, StatusStore store, StackSettings stack, Clock clock, Duration claimTtl,
                                 String metricsNamespace) {
        this(reader, store, stack, clock, claimTtl, metricsNamespace, Home.unknown());
    }

    /** @param home the stack's partition/Region/account ({@link Home#from}); triggers for other clusters are refused */
    public ResolveIntentsHandler(ClusterStateReader reader, StatusStore store, StackSettings stack, Clock clock, Duration claimTtl,
                                 String metricsNamespace, Home home) {
        this(reader, store, stack, clock, claimTtl, metricsNamespace, home, FailureHistory.DEFAULT_LIMIT);
    }

    /** @param recreateLimit how often a FAILED channel is recreated per fingerprint ({@code CHANNEL_PILOT_FAILED_RECREATE_LIMIT}) */
    public ResolveIntentsHandler(ClusterStateReader reader, StatusStore store, StackSettings stack, Clock clock, Duration claimTtl,
                                 String metricsNamespace, int recreateLimit) {
        this(reader, store, stack, clock, claimTtl, metricsNamespace, Home.unknown(), recreateLimit);
    }

    public ResolveIntentsHandler(ClusterStateReader reader, StatusStore store, StackSettings stack, Clock clock, Duration claimTtl,
                                 String metricsNamespace, Home home, int recreateLimit) {
        this.json = new ObjectMapper();
        this.resolver = new IntentResolver(reader, new IntentPlanner(stack), new StatusRecorder(store, json, clock), store, claimTtl,
                home, new FailureLedger(store, stack.managedBy(), recreateLimit, FailureLedger.DEFAULT_WINDOW),
                new RefusalRecorder(store, clock));
        this.metrics = MetricsFactory.getMetricsInstance();
        this.metrics.setNamespace(metricsNamespace);
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) {
        metrics.captureColdStartMetric(context);
        try {
            ResolveResult result = PowertoolsLogging.withLogging(context, () -> resolver.resolve(trigger(read(input))));
            metrics.addMetric("IntentsResolved", result.intents().size(), MetricUnit.COUNT);
            metrics.addMetric("TriggersRejected", result.errors().size(), MetricUnit.COUNT);
            metrics.addMetric("Refusals", result.refusals().size(), MetricUnit.COUNT);
            json.writeValue(output, result);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the ResolveIntents result", e);
        } finally {
            metrics.flush();
        }
    }

    /** Unparseable bytes become a non-object node, which the parser turns into TRIGGER_NOT_OBJECT (never a throw). */
    private JsonNode read(InputStream input) {
        try {
            JsonNode node = json.readTree(input);
            return node == null ? json.nullNode() : node;
        } catch (IOException e) {
            return json.getNodeFactory().textNode("<not JSON>");
        }
    }

    /** The ASL passes {@code {trigger: <execution input>, executionName}}; a bare trigger has a {@code source}. */
    static JsonNode trigger(JsonNode input) {
        return input.isObject() && input.has("trigger") && !input.has("source") ? input.get("trigger") : input;
    }
}
