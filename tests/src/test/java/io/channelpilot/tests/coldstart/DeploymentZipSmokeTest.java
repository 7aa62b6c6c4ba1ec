package io.channelpilot.tests.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the deployment zips ({@code functions/<fn>/target/<fn>.zip}, written by each function's {@code package}) hold:
 * no heavy HTTP client, no Iceberg, Kafka only in redrive-batch. That every function runs from its zip alone is
 * {@link DeploymentPathTest}'s (every event, under the real runtime client, on demand and with SnapStart).
 */
class DeploymentZipSmokeTest {

    @Test
    void shouldKeepHeavyClientsOutOfEveryZipAndKafkaInRedriveBatchOnly() throws Exception {
        for (String module : ColdStartWorld.EVENTS.keySet()) {
            List<String> jars = ColdStartFiles.libJars(ColdStartWorld.zip(module));
            assertThat(jars).as("functions/%s/target/%s.zip lib/", module, module).isNotEmpty()
                    .noneMatch(j -> j.startsWith("aws-crt-"))
                    .noneMatch(j -> j.contains("netty"))
                    .noneMatch(j -> j.startsWith("apache-client-") || j.startsWith("apache5-client-"))
                    .noneMatch(j -> j.startsWith("httpclient-") || j.startsWith("httpclient5-"))
                    .noneMatch(j -> j.startsWith("iceberg-"))
                    // the runtime client is the managed runtime's, never the function's (local/lambda only)
                    .noneMatch(j -> j.startsWith("aws-lambda-java-runtime-interface-client-"))
                    // Powertools metrics' SnapStart hook loads AspectJ classes: without it SnapStart init dies (issue 12)
                    .anyMatch(j -> j.startsWith("aspectjrt-"));
            if (module.equals("redrive-batch")) {
                assertThat(jars).as(module + " produces to Kafka").anyMatch(j -> j.startsWith("kafka-clients-"));
            } else {
                assertThat(jars).as("%s lib/ (Kafka belongs to redrive-batch only)", module)
                        .noneMatch(j -> j.startsWith("kafka-clients-") || j.startsWith("aws-msk-iam-auth-"));
            }
        }
    }
}
