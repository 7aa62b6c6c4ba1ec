package io.channelpilot.cli;

import io.channelpilot.gateway.RedriveClients;
import io.channelpilot.gateway.SfnExecutionStarter;
import io.channelpilot.redrive.DynamoDbRedriveTaskStore;
import io.channelpilot.redrive.RedriveService;
import io.channelpilot.store.DynamoDbStatusStore;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.StateMachineListItem;

/** The environment, the output, and the clients/services built from the options of one invocation. */
public final class CliContext {

    static final String DEFAULT_TABLE = "channel-pilot-status";

    private final Map<String, String> env;
    private final PrintWriter out;

    public CliContext(Map<String, String> env, PrintWriter out) {
        this.env = Map.copyOf(env);
        this.out = out;
    }

    PrintWriter out() {
        return out;
    }

    Map<String, String> env(AwsOptions o) {
        Map<String, String> e = new HashMap<>(env);
        if (o.endpointUrl != null) {
            e.put("AWS_ENDPOINT_URL", o.endpointUrl);
        }
        if (o.region != null) {
            e.put("AWS_REGION", o.region);
        }
        e.putIfAbsent("AWS_REGION", e.getOrDefault("AWS_DEFAULT_REGION", "us-east-1"));
        return e;
    }

    RedriveClients clients(AwsOptions o) {
        return new RedriveClients(env(o));
    }

    String table(AwsOptions o) {
        return o.table != null ? o.table : env.getOrDefault("CHANNEL_PILOT_STATUS_TABLE", DEFAULT_TABLE);
    }

    DynamoDbStatusStore statusStore(RedriveClients c, AwsOptions o) {
        return new DynamoDbStatusStore(c.dynamoDb(), table(o), Clock.systemUTC());
    }

    RedriveService redrive(RedriveClients c, AwsOptions o) {
        Clock clock = Clock.systemUTC();
        return new RedriveService(statusStore(c, o), new DynamoDbRedriveTaskStore(c.dynamoDb(), table(o), clock),
                new SfnExecutionStarter(c.sfn(), stateMachineArn(c.sfn(), o)), clock, RedriveService.randomIds(clock));
    }

    private String stateMachineArn(SfnClient sfn, AwsOptions o) {
        if (o.stateMachineArn != null) {
            return o.stateMachineArn;
        }
        String fromEnv = env.get("CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        return sfn.listStateMachinesPaginator(r -> { }).stateMachines().stream()
                .filter(m -> m.name().endsWith("redrive-dlq") || m.name().equals("RedriveDlqStateMachine"))
                .map(StateMachineListItem::stateMachineArn).findFirst()
                .orElseThrow(() -> new IllegalStateException("no redrive-dlq state machine found; pass --state-machine-arn"));
    }

    /** A cluster ARN as given, or the ARN of the cluster with that name. */
    static String clusterArn(KafkaClient kafka, String cluster) {
        if (cluster.startsWith("arn:")) {
            return cluster;
        }
        return kafka.listClustersV2Paginator(r -> r.clusterNameFilter(cluster)).clusterInfoList().stream()
                .filter(c -> c.clusterName().equals(cluster)).map(c -> c.clusterArn()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no cluster named '" + cluster + "'"));
    }
}
