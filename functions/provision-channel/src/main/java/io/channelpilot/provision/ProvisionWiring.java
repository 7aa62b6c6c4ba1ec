package io.channelpilot.provision;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.events.PublishingStatusStore;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.model.Home;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.store.StatusStore;
import io.channelpilot.time.TimeSource;
import io.channelpilot.workflow.WorkflowJson;
import java.time.Clock;

/**
 * The composition root of provision-channel: the service over the SDK gateways ({@link #from}) or over the ports a test
 * passes (the record's constructor), the workflow's JSON mapper, and the stack's home.
 *
 * @param home the stack's partition/Region/account; intents for clusters elsewhere are refused before any call
 */
record ProvisionWiring(ProvisioningService service, ObjectMapper mapper, Home home) {

    /** The Lambda runtime's and the local world's wiring: the function environment's variables and clock. */
    static ProvisionWiring from(FunctionEnvironment fn) {
        return from(ProvisionConfig.from(fn.variables()), AwsClients.from(fn.variables()), fn.time());
    }

    static ProvisionWiring from(ProvisionConfig config, AwsClients clients, TimeSource time) {
        Clock clock = time.clock();
        StatusStore store = new PublishingStatusStore(clients.statusStore(config.statusTable(), clock),
                clients.eventPublisher());
        ProvisioningService service = new ProvisioningService(clients.channels(),
                clients.logGroups(), clients.alarms(), clients.grants(), clients.namespaces(), store,
                new ProvisionStatusRecorder(store, clock, WorkflowJson.mapper()), config);
        return new ProvisionWiring(service, WorkflowJson.mapper(), config.home());
    }
}
