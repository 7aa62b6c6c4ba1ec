package io.channelpilot.redrive.control;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.redrive.RedriveTaskEvents;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.time.TimeSource;
import java.time.Clock;

/** The composition root of redrive-control: its {@link ControlService}, from SDK clients or (tests) from fakes. */
public record ControlWiring(ControlService service) {

    /** The Lambda runtime's and the local world's wiring: the function environment's variables and clock. */
    public static ControlWiring from(FunctionEnvironment fn) {
        return from(ControlConfig.from(fn.variables()), AwsClients.from(fn.variables()), fn.time());
    }

    public static ControlWiring from(ControlConfig config, AwsClients clients, TimeSource time) {
        Clock clock = time.clock();
        return new ControlWiring(new ControlService(clients.redriveTaskStore(config.statusTable(), clock),
                clients.schemaRegistry(),
                new RedriveNotifier(clients.notifications(config.topicArn()),
                        new NotificationRenderer(new ObjectMapper(), config.runbookBase(), config.chatLimits())),
                clients.outstandingStore(config.statusTable(), clock), clock,
                new RedriveTaskEvents(clients.eventPublisher(), clients.statusStore(config.statusTable(), clock))));
    }
}
