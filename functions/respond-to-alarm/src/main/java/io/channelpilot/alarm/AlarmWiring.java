package io.channelpilot.alarm;

import io.channelpilot.workflow.WorkflowJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.dlq.DlqFormat;
import io.channelpilot.dlq.DlqParser;
import io.channelpilot.dlq.RedriveStarter;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.gateway.SnsNotificationPublisher;
import io.channelpilot.notification.ItemState;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.retention.DynamoDbOutstandingStore;
import io.channelpilot.retention.OutstandingStore;
import io.channelpilot.retention.RetentionSettings;
import io.channelpilot.store.DynamoDbStatusStore;
import io.channelpilot.store.StatusStore;

import java.time.Clock;
import java.util.Map;

/** Builds an {@link AlarmResponder} from ports (tests) or from a function environment (SDK clients, built once). */
public final class AlarmWiring {

    private AlarmWiring() {
    }

    public static AlarmResponder fromEnvironment(Map<String, String> env, Clock clock) {
        AlarmConfig config = AlarmConfig.from(env);
        AwsClients clients = AwsClients.from(env);
        AwsClients aws = AwsClients.from(env);
        SdkAlarmReads reads = new SdkAlarmReads(clients.kafka(), clients.cloudWatch(), clock);
        return of(config, DlqFormat.fromEnv(env), reads, reads, new S3DlqObjects(aws.s3(), io.channelpilot.model.Home.from(env).account()),
                new DynamoDbTriageState(clients.dynamoDb(), config.statusTable()),
                new DynamoDbStatusStore(clients.dynamoDb(), config.statusTable(), clock),
                new DynamoDbOutstandingStore(clients.dynamoDb(), config.statusTable(), clock), RetentionSettings.from(env),
                new SnsNotificationPublisher(clients.sns(), config.topicArn()), RedriveStarter.fromEnvironment(env, clock), clock,
                NotificationRenderer.fromEnvironment(env, WorkflowJson.mapper()));
    }

    public static AlarmResponder of(AlarmConfig config, DlqFormat format, AlarmPorts.Msk msk, AlarmPorts.Metrics metrics,
                                    AlarmPorts.DlqObjects objects, AlarmPorts.TriageState triageState, StatusStore store,
                                    OutstandingStore outstanding, RetentionSettings retention,
                                    NotificationPublisher publisher, RedriveStarter redrive, Clock clock) {
        return of(config, format, msk, metrics, objects, triageState, store, outstanding, retention, publisher, redrive, clock,
                new NotificationRenderer(WorkflowJson.mapper()));
    }

    /** @param renderer the notifications' renderer (runbook links and chat bounds: {@link NotificationRenderer#fromEnvironment}) */
    public static AlarmResponder of(AlarmConfig config, DlqFormat format, AlarmPorts.Msk msk, AlarmPorts.Metrics metrics,
                                    AlarmPorts.DlqObjects objects, AlarmPorts.TriageState triageState, StatusStore store,
                                    OutstandingStore outstanding, RetentionSettings retention,
                                    NotificationPublisher publisher, RedriveStarter redrive, Clock clock, NotificationRenderer renderer) {
        ObjectMapper mapper = WorkflowJson.mapper();
        DlqTriage triage = new DlqTriage(objects, new DlqParser(format), config.quarantinePrefix(), clock);
        return new AlarmResponder(new ChannelLocator(msk, store, mapper, config.dlqBucket(), config.dlqPrefix()),
                new DeadLetterResponse(triage, triageState, msk, redrive, outstanding, retention, mapper, clock), msk, metrics, store, publisher,
                renderer, clock);
    }
}
