package io.channelpilot.tests.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.tests.provision.ProvisioningWorld.Mark;
import io.channelpilot.tests.provision.ProvisioningWorld.Note;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.kafka.model.ChannelStatus;

/**
 * Issue 13, the optional stack parameter NamespacePolicy, through the real state machine and handlers of the shared
 * provisioning world (policy {@link ProvisioningWorld#NAMESPACE_POLICY}: only it-tenant-a may use tenant_a). A rule on
 * another cluster naming that namespace is refused by validation with the coded finding before anything is made;
 * the cluster the policy names gets its channel.
 */
@ExtendWith(SharedProvisioningWorld.class)
class ProvisionNamespacePolicyTest {

    static final String ALLOWED = "it-tenant-a";
    static final String DENIED = "it-tenant-b";
    static final String TOPIC = "nspolicy.orders";
    static final String RULE = "topic=" + TOPIC + " namespace=tenant_a schema=sales/orders partition=event_time";

    private static ProvisioningWorld pw;

    @BeforeAll
    static void world(ProvisioningWorld shared) {
        pw = shared;
    }

    @Test
    void shouldRefuseANamespaceThePolicyDoesNotGiveTheClusterAndCreateNothing() {
        // GIVEN a topic on the cluster the policy does not give tenant_a
        pw.createTopic(DENIED, TOPIC);
        Mark mark = pw.mark();

        // WHEN its team tags a rule naming tenant_a
        pw.tag(DENIED, "channel-pilot/nspolicy", RULE + " table=nsdenied_orders"); // its own table: no claim in the way

        // THEN nothing is made for the topic: no channel, namespace, grant, alarm or log group
        assertThat(pw.channels(DENIED, TOPIC)).isEmpty();
        assertThat(pw.callsSince(mark)).doesNotContain("kafka:CreateChannel", "s3tables:CreateNamespace",
                "lakeformation:GrantPermissions", "logs:CreateLogGroup", "cloudwatch:PutMetricAlarm");
        assertThat(pw.world().services().tables().catalog().table(pw.world().stack().tableBucketArn(), "tenant_a", "nsdenied_orders"))
                .isEmpty();
        // AND the owner is told, with the coded finding, which namespaces the cluster may use
        List<Note> notes = pw.notificationsSince(mark, TOPIC);
        assertThat(notes).singleElement().satisfies(n -> {
            assertThat(n.kind()).isEqualTo("VALIDATION_REFUSED");
            assertThat(n.factsStartingWith("error.")).containsExactly("NAMESPACE_ALLOWED");
            assertThat(n.message().toString()).contains("Cluster " + DENIED + " may not use namespace tenant_a")
                    .contains("NamespacePolicy");
        });
        pw.untag(DENIED, "channel-pilot/nspolicy");
    }

    @Test
    void shouldLetTheClusterThePolicyNamesUseTheNamespace() {
        pw.createTopic(ALLOWED, TOPIC);

        pw.tag(ALLOWED, "channel-pilot/nspolicy", RULE);

        assertThat(pw.channels(ALLOWED, TOPIC)).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(ChannelStatus.ACTIVE);
            assertThat(c.icebergDestinationConfiguration().toString()).contains("tenant_a");
        });
    }
}
