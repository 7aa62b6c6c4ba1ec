package io.channelpilot.alarm;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.alarm.gateway.DynamoDbTriageState;
import io.channelpilot.alarm.gateway.S3DlqBucket;
import io.channelpilot.alarm.gateway.SdkAlarmReads;
import io.channelpilot.dlq.DlqParser;
import io.channelpilot.redrive.RedriveStarter;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.model.Home;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.retention.OutstandingStore;
import io.channelpilot.store.StatusStore;
import io.channelpilot.time.TimeSource;
import io.channelpilot.workflow.WorkflowJson;
import java.time.Clock;
import io.channelpilot.alarm.gateway.AlarmPorts;

/**
 * The composition root of respond-to-alarm: the {@link AlarmResponder} and the stack's {@link Home}, from SDK clients
 * ({@link #from}, built once per instance) or from ports ({@link #of}, tests).
 */
public record AlarmWiring(AlarmResponder responder, Home home) {

    /** The Lambda runtime's and the local world's wiring: the function environment's variables and clock. */
    public static AlarmWiring from(FunctionEnvironment fn) {
        return from(AlarmConfig.from(fn.variables()), AwsClients.from(fn.variables()), fn.time());
    }

    public static AlarmWiring from(AlarmConfig config, AwsClients clients, TimeSource time) {
        Clock clock = time.clock();
        SdkAlarmReads reads = new SdkAlarmReads(clients.kafka(), clients.cloudWatch(), clock);
        return of(config, reads, reads, new S3DlqBucket(clients.s3(), config.home().account()),
                new DynamoDbTriageState(clients.dynamoDb(), config.statusTable()),
                clients.statusStore(config.statusTable(), clock),
                clients.outstandingStore(config.statusTable(), clock),
                clients.notifications(config.topicArn()), config.redrive().apply(clock), clock);
    }

    public static AlarmWiring of(AlarmConfig config, AlarmPorts.Msk msk, AlarmPorts.Metrics metrics,
                                 AlarmPorts.DlqObjects objects, AlarmPorts.TriageState triageState, StatusStore store,
                                 OutstandingStore outstanding, NotificationPublisher publisher, RedriveStarter redrive, Clock clock) {
        ObjectMapper mapper = WorkflowJson.mapper();
        NotificationRenderer renderer = new NotificationRenderer(mapper, config.runbookBase(), config.chatLimits());
        DlqTriage triage = new DlqTriage(objects, new DlqParser(config.format()), config.quarantinePrefix(), clock);
        return new AlarmWiring(new AlarmResponder(new ChannelLocator(msk, store, mapper, config.dlqBucket(), config.dlqPrefix()),
                new DeadLetterResponse(triage, triageState, msk, redrive, outstanding, config.retention(), mapper, clock), msk,
                metrics, store, publisher, renderer, clock), config.home());
    }
}
