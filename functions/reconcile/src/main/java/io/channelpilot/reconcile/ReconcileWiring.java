package io.channelpilot.reconcile;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.events.PublishingStatusStore;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.reconcile.gateway.SdkExecutions;
import io.channelpilot.reconcile.gateway.SdkFleet;
import io.channelpilot.reconcile.gateway.SdkTopicRetention;
import io.channelpilot.refusal.RefusalNotifier;
import io.channelpilot.refusal.RefusalRecorder;
import io.channelpilot.retention.OutstandingStore;
import io.channelpilot.store.StatusStore;
import io.channelpilot.time.TimeSource;
import java.time.Clock;

/**
 * The composition root of reconcile: the sweep service and the metrics namespace. The Lambda, the local world (through
 * {@link ReconcileEntry}) and the operator CLI ({@code channel-pilot reconcile}, with its own credentials in the clients)
 * all build it with {@link #from}; unit tests pass the pieces.
 */
public record ReconcileWiring(SweepService service, String metricsNamespace) {

    /** The Lambda runtime's and the local world's wiring: the function environment's variables and clock. */
    public static ReconcileWiring from(FunctionEnvironment fn) {
        return from(ReconcileConfig.from(fn.variables()), AwsClients.from(fn.variables()), fn.time());
    }

    public static ReconcileWiring from(ReconcileConfig config, AwsClients aws, TimeSource time) {
        Clock clock = time.clock();
        var kafka = aws.kafka();
        var sfn = aws.sfn();
        // channel state-change events: the sweep publishes transitions it writes, and pending ones it reads (issue 15)
        StatusStore store = new PublishingStatusStore(aws.statusStore(config.statusTable(), clock),
                aws.eventPublisher());
        OutstandingStore outstanding = aws.outstandingStore(config.statusTable(), clock);
        NotificationPublisher publisher = aws.notifications(config.topicArn());
        NotificationRenderer renderer = new NotificationRenderer(new ObjectMapper(), config.runbookBase(), config.chatLimits());
        var tables = aws.tables();
        RefusalReporter refusals = RefusalReporter.of(new RefusalRecorder(store, clock),
                new RefusalNotifier(publisher, renderer, store, config.dedupeTtl()));
        return new ReconcileWiring(new SweepService(calls -> new Reconciler(new SdkFleet(kafka, calls, tables),
                new SdkExecutions(sfn, config.stateMachineArn(), calls), store,
                new RetentionCheck(outstanding, store, new SdkTopicRetention(kafka, calls), config.retention(), publisher, renderer,
                        clock),
                config.stack(), clock, config.interval(), config.verifyBudget(), calls, config.recreateLimit(), refusals),
                publisher, renderer), config.metricsNamespace());
    }
}
