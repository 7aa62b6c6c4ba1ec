package io.channelpilot.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.events.PublishingStatusStore;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.gateway.SdkTablesGateway;
import io.channelpilot.gateway.SnsNotificationPublisher;
import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.refusal.RefusalNotifier;
import io.channelpilot.refusal.RefusalRecorder;
import io.channelpilot.retention.DynamoDbOutstandingStore;
import io.channelpilot.retention.OutstandingStore;
import io.channelpilot.retention.RetentionSettings;
import io.channelpilot.store.DynamoDbStatusStore;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;

/**
 * One sweep end to end: {@link Reconciler} → one summary notification when worth it. A fresh {@link ApiCalls} per
 * sweep so the report counts this sweep's calls only. Public so the operator CLI can run a sweep in-process:
 * {@code SweepService.fromEnvironment(env).sweep(json)} or {@code .run(request)}.
 */
public final class SweepService {

    private static final Logger LOG = LoggerFactory.getLogger(SweepService.class);

    /** Builds the reconciler over a fresh call counter. */
    public interface ReconcilerFactory {
        Reconciler create(ApiCalls calls);
    }

    private final ReconcilerFactory reconcilers;
    private final NotificationPublisher publisher;
    private final NotificationRenderer renderer;

    public SweepService(ReconcilerFactory reconcilers, NotificationPublisher publisher, NotificationRenderer renderer) {
        this.reconcilers = reconcilers;
        this.publisher = publisher;
        this.renderer = renderer;
    }

    /** Real clients from the environment (the Lambda, the local world, the CLI). */
    public static SweepService fromEnvironment(Map<String, String> env) {
        return fromEnvironment(env, Clock.systemUTC());
    }

    /** As {@link #fromEnvironment(Map)} on a given clock (the local world's virtual one). */
    public static SweepService fromEnvironment(Map<String, String> env, Clock clock) {
        return fromEnvironment(env, clock, null);
    }

    /**
     * @param credentials explicit credentials for every client (the operator CLI's {@code channel-pilot reconcile});
     *                    null = the function's (the map's keys, else the default chain)
     */
    public static SweepService fromEnvironment(Map<String, String> env, Clock clock, AwsCredentialsProvider credentials) {
        ReconcileConfig config = ReconcileConfig.from(env);
        AwsClients aws = credentials == null ? AwsClients.from(env) : AwsClients.from(env, credentials);
        var kafka = aws.kafka();
        var sfn = aws.sfn();
        // channel state-change events: the sweep publishes transitions it writes, and pending ones it reads (issue 15)
        StatusStore store = new PublishingStatusStore(new DynamoDbStatusStore(aws.dynamoDb(), config.statusTable(), clock),
                aws.eventPublisher());
        OutstandingStore outstanding = new DynamoDbOutstandingStore(aws.dynamoDb(), config.statusTable(), clock);
        RetentionSettings retention = RetentionSettings.from(env);
        NotificationPublisher publisher = new SnsNotificationPublisher(aws.sns(), config.topicArn());
        NotificationRenderer renderer = NotificationRenderer.fromEnvironment(env, new com.fasterxml.jackson.databind.ObjectMapper());
        var tables = new SdkTablesGateway(aws.s3Tables());
        RefusalReporter refusals = RefusalReporter.of(new RefusalRecorder(store, clock),
                new RefusalNotifier(publisher, renderer, store, NotificationDedupe.ttlFrom(env)));
        return new SweepService(calls -> new Reconciler(new SdkFleet(kafka, calls, tables),
                new SdkExecutions(sfn, config.stateMachineArn(), calls), store,
                new RetentionCheck(outstanding, store, new SdkTopicRetention(kafka, calls), retention, publisher, renderer, clock),
                config.stack(), clock, config.interval(), config.verifyBudget(), calls, config.recreateLimit(), refusals),
                publisher, renderer);
    }

    public SweepReport sweep(JsonNode input) {
        return finish(reconcilers.create(new ApiCalls()).sweep(input));
    }

    public SweepReport run(SweepRequest request) {
        return finish(reconcilers.create(new ApiCalls()).run(request));
    }

    private SweepReport finish(SweepReport report) {
        if (!report.worthNotifying()) {
            LOG.info("sweep={} nothing changed and nothing needs a human: no summary", report.sweepId());
            return report;
        }
        try {
            publisher.publish(renderer.render(SweepSummary.of(report)));
            return report.withNotified(true);
        } catch (RuntimeException e) {
            // The sweep's work is done; a lost summary must not fail it (the next sweep reports again).
            LOG.warn("sweep={} summary not published: {}", report.sweepId(), e.toString());
            return report;
        }
    }
}
