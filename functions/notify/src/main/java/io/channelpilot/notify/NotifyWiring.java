package io.channelpilot.notify;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.TimeSource;
import io.channelpilot.workflow.WorkflowJson;
import java.time.Clock;

/**
 * The composition root of notify: the service over SNS and the status table ({@link #from}) or over the ports a test
 * passes (the record's constructor), and the workflow's JSON mapper.
 */
record NotifyWiring(NotifyService service, ObjectMapper mapper) {

    /** The Lambda runtime's and the local world's wiring: the function environment's variables and clock. */
    static NotifyWiring from(FunctionEnvironment fn) {
        return from(NotifyConfig.from(fn.variables()), AwsClients.from(fn.variables()), fn.time());
    }

    static NotifyWiring from(NotifyConfig config, AwsClients clients, TimeSource time) {
        Clock clock = time.clock();
        ObjectMapper mapper = WorkflowJson.mapper();
        NotifyService service = new NotifyService(clients.notifications(config.topicArn()),
                new NotificationRenderer(mapper, config.runbookBase(), config.chatLimits()),
                clients.statusStore(config.statusTable(), clock), clock, mapper, config.dedupeTtl());
        return new NotifyWiring(service, WorkflowJson.mapper());
    }
}
