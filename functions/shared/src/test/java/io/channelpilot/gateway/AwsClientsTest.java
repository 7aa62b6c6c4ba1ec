package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.gateway.LoopbackAws.Response;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * {@link AwsClients} is the one factory of SDK clients, so its settings reach every client: {@code AWS_MAX_ATTEMPTS}
 * (the reconcile sweep has no state-machine Retry around it, so its attempts are all it has; template.yaml sets 8 on
 * ReconcileFunction) and the {@code channel-pilot/<version>} user-agent suffix.
 */
class AwsClientsTest {

    @Test
    void shouldMakeAsManyAttemptsAsAwsMaxAttemptsSaysOnEveryClientItBuilds() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> Response.error(500, "InternalFailure"))) {
            Map<String, String> env = new HashMap<>(aws.config());
            env.put("AWS_MAX_ATTEMPTS", "3");
            AwsClients clients = AwsClients.from(env);

            assertThatThrownBy(() -> clients.dynamoDb().listTables()).isInstanceOf(SdkException.class);
            assertThatThrownBy(() -> clients.sns().listTopics()).isInstanceOf(SdkException.class);
            assertThatThrownBy(() -> clients.lakeFormation().listPermissions(r -> { })).isInstanceOf(SdkException.class);
            assertThatThrownBy(() -> clients.sfn().listStateMachines()).isInstanceOf(SdkException.class);

            assertThat(aws.requests()).as("3 attempts each for DynamoDB, SNS, Lake Formation and Step Functions").hasSize(12);
        }
    }

    @Test
    void shouldNameChannelPilotAndItsVersionInEveryClientsUserAgent() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> Response.error(500, "InternalFailure"))) {
            AwsClients clients = AwsClients.from(aws.config());

            assertThatThrownBy(() -> clients.kafka().listClustersV2(r -> { })).isInstanceOf(SdkException.class);
            assertThatThrownBy(() -> clients.dynamoDb().listTables()).isInstanceOf(SdkException.class);
            assertThatThrownBy(() -> clients.sfn().listStateMachines()).isInstanceOf(SdkException.class);

            assertThat(aws.userAgents).hasSize(3).allSatisfy(agent -> assertThat(agent).contains("channel-pilot/0."));
        }
    }
}
