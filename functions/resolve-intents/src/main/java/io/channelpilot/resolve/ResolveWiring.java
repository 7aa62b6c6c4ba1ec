package io.channelpilot.resolve;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.gateway.ClusterStateReader;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.refusal.RefusalRecorder;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.store.FailureLedger;
import io.channelpilot.store.StatusStore;
import io.channelpilot.time.TimeSource;
import java.time.Clock;

/**
 * The composition root of resolve-intents: the resolver over MSK, S3 Tables and the status table ({@link #from}), or
 * over the ports a test passes ({@link #of}); the JSON mapper the handler and the status recorder share.
 */
record ResolveWiring(IntentResolver resolver, ObjectMapper json, String metricsNamespace) {

    /** The Lambda runtime's and the local world's wiring: the function environment's variables and clock. */
    static ResolveWiring from(FunctionEnvironment fn) {
        return from(ResolveConfig.from(fn.variables()), AwsClients.from(fn.variables()), fn.time());
    }

    static ResolveWiring from(ResolveConfig config, AwsClients clients, TimeSource time) {
        Clock clock = time.clock();
        // MSK for the cluster; S3 Tables GetTable for the table generation of a channel that must be (re)created
        return of(config, clients.clusterReader(), clients.statusStore(config.statusTable(), clock), clock);
    }

    static ResolveWiring of(ResolveConfig config, ClusterStateReader reader, StatusStore store, Clock clock) {
        ObjectMapper json = new ObjectMapper();
        IntentResolver resolver = new IntentResolver(reader, new IntentPlanner(config.stack()), new DesiredStatusRecorder(store, json, clock),
                store, config.claimTtl(), config.home(),
                new FailureLedger(store, config.stack().managedBy(), config.recreateLimit(), FailureLedger.DEFAULT_WINDOW),
                new RefusalRecorder(store, clock));
        return new ResolveWiring(resolver, json, config.metricsNamespace());
    }
}
