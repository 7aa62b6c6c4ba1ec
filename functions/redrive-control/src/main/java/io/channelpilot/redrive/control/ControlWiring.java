package io.channelpilot.redrive.control;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.events.RedriveTaskEvents;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.gateway.SdkSchemaRegistryGateway;
import io.channelpilot.gateway.SnsNotificationPublisher;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.redrive.DynamoDbRedriveTaskStore;
import io.channelpilot.retention.DynamoDbOutstandingStore;
import io.channelpilot.store.DynamoDbStatusStore;
import io.channelpilot.time.TimeSource;
import java.time.Clock;

/** The composition root of redrive-control: its {@link ControlService}, from SDK clients or (tests) from fakes. */
public record ControlWiring(ControlService service) {

    public static ControlWiring from(ControlConfig config, AwsClients clients, TimeSource time) {
        Clock clock = time.clock();
        return new ControlWiring(new ControlService(new DynamoDbRedriveTaskStore(clients.dynamoDb(), config.statusTable(), clock),
                new SdkSchemaRegistryGateway(clients.glue()),
                new RedriveNotifier(new SnsNotificationPublisher(clients.sns(), config.topicArn()),
                        new NotificationRenderer(new ObjectMapper(), config.runbookBase(), config.chatLimits())),
                new DynamoDbOutstandingStore(clients.dynamoDb(), config.statusTable(), clock), clock,
                new RedriveTaskEvents(clients.eventPublisher(), new DynamoDbStatusStore(clients.dynamoDb(), config.statusTable(), clock))));
    }
}
