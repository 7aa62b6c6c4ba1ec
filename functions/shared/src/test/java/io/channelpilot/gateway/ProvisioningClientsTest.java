package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.gateway.LoopbackAws.Response;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * {@code AWS_MAX_ATTEMPTS} governs every client a function builds, not only {@link AwsClients}' own: the reconcile
 * sweep's status table, SNS and Lake Formation clients come from here, and with no state-machine Retry around the sweep
 * their attempts are all it has (template.yaml sets 8 on ReconcileFunction; issue 16).
 */
class ProvisioningClientsTest {

    @Test
    void shouldMakeAsManyAttemptsAsAwsMaxAttemptsSaysOnEveryClientItBuilds() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> Response.error(500, "InternalFailure"))) {
            Map<String, String> env = new HashMap<>(aws.config());
            env.put("AWS_MAX_ATTEMPTS", "3");
            ProvisioningClients clients = new ProvisioningClients(env);

            assertThatThrownBy(() -> clients.dynamoDb().listTables()).isInstanceOf(SdkException.class);
            assertThatThrownBy(() -> clients.sns().listTopics()).isInstanceOf(SdkException.class);
            assertThatThrownBy(() -> clients.lakeFormation().listPermissions(r -> { })).isInstanceOf(SdkException.class);

            assertThat(aws.requests()).as("3 attempts each for DynamoDB, SNS and Lake Formation").hasSize(9);
        }
    }
}
