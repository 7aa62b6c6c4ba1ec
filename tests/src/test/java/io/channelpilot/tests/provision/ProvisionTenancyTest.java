package io.channelpilot.tests.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.tests.provision.ProvisioningWorld.Mark;
import io.channelpilot.tests.provision.ProvisioningWorld.Note;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.kafka.model.DescribeChannelResponse;

/**
 * Issue 13, tenancy, through the real state machine and handlers: two Express clusters of one stack ({@code it-tenant-a},
 * {@code it-tenant-b}, only these tests tag them) with topics of the same names. A rule on the second naming the table the first's channel claimed —
 * the table does not even exist yet, MSK creates it on first delivery — is refused before anything is made, and the
 * owner is told who holds the table. Account-wide names (alarms, log group, DLQ prefix) carry the cluster.
 */
@ExtendWith(SharedProvisioningWorld.class)
class ProvisionTenancyTest {

    static final String FIRST = "it-tenant-a";
    static final String SECOND = "it-tenant-b";
    static final String TOPIC = "tenant.orders";
    static final String RULE = "topic=" + TOPIC + " namespace=shared schema=sales/orders partition=event_time";
    static final String OWN = "tenant2.orders";
    static final String OWN_RULE = "topic=" + OWN + " namespace=shared schema=sales/orders partition=event_time";

    private static ProvisioningWorld pw;

    @BeforeAll
    static void world(ProvisioningWorld shared) {
        pw = shared;
    }

    @Test
    void shouldRefuseAnotherClustersRuleForAClaimedTableAndNameBothOwners() {
        // GIVEN the first cluster's channel for shared.tenant_orders is ACTIVE (no row delivered: the table does not exist)
        pw.tag(FIRST, "channel-pilot/tenant", RULE);
        List<DescribeChannelResponse> owner = pw.channels(FIRST, TOPIC);
        assertThat(owner).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(software.amazon.awssdk.services.kafka.model.ChannelStatus.ACTIVE));
        String channel = owner.get(0).channelName();
        assertThat(pw.world().services().tables().catalog().table(pw.world().stack().tableBucketArn(), "shared", "tenant_orders"))
                .as("the table appears only on first delivery").isEmpty();
        Mark mark = pw.mark();

        // WHEN the second cluster's team writes the same rule (same topic name, namespace and table: same channel name)
        pw.tag(SECOND, "channel-pilot/tenant", RULE);

        // THEN nothing is created for the topic on the second cluster: no channel, no alarm, no log group; and its owner
        // learns who holds the table and what to do
        assertThat(pw.channels(SECOND, TOPIC)).isEmpty();
        assertThat(pw.callsSince(mark)).doesNotContain("kafka:CreateChannel", "logs:CreateLogGroup", "cloudwatch:PutMetricAlarm");
        assertThat(pw.world().cloudWatch().alarms()).noneSatisfy(a -> assertThat(a.dimensions()).containsEntry("ClusterName", SECOND)
                .containsEntry("ChannelName", channel));
        assertThat(pw.world().services().logs().store().exists("/aws/msk/channel-pilot/" + SECOND + "/" + channel)).isFalse();
        List<Note> notes = pw.notificationsSince(mark, TOPIC);
        assertThat(notes).singleElement().satisfies(n -> {
            assertThat(n.kind()).isEqualTo("VALIDATION_REFUSED");
            assertThat(n.factsStartingWith("error.")).contains("TABLE_CLAIMED");
            assertThat(n.message().toString()).contains(pw.clusterArn(FIRST)).contains(pw.clusterArn(SECOND))
                    .contains("shared.tenant_orders").contains("table=");
        });
        // AND the first cluster's channel and its alarms are untouched; its account-wide names carry its cluster
        assertThat(pw.channels(FIRST, TOPIC)).extracting(DescribeChannelResponse::channelArn)
                .containsExactly(owner.get(0).channelArn());
        assertThat(pw.alarmsOf(channel)).hasSize(3).allSatisfy(a -> {
            assertThat(a.alarmName()).startsWith("channel-pilot-" + FIRST + "-" + channel + "-");
            assertThat(a.dimensions()).containsEntry("ClusterName", FIRST);
        });
        assertThat(owner.get(0).loggingInfo().cloudWatchLogs().logGroup()).endsWith("/" + FIRST + "/" + channel);
        assertThat(owner.get(0).icebergDestinationConfiguration().deadLetterQueueS3().errorOutputPrefix())
                .endsWith("/" + FIRST + "/" + channel + "/");
    }

    @Test
    void shouldLetTheSecondClusterDeliverIntoATableOfItsOwn() {
        // GIVEN the first cluster owns shared.tenant2_orders, and the second cluster's same rule was refused
        pw.tag(FIRST, "channel-pilot/tenant2", OWN_RULE);
        pw.tag(SECOND, "channel-pilot/tenant2", OWN_RULE);
        assertThat(pw.channels(SECOND, OWN)).isEmpty();

        // WHEN the second cluster's rule names its own table, as the refusal's remediation says
        pw.tag(SECOND, "channel-pilot/tenant2", OWN_RULE + " table=ops_tenant2_orders");

        // THEN it gets its channel, with alarms of its own that cannot collide with the first cluster's
        assertThat(pw.channels(SECOND, OWN)).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(software.amazon.awssdk.services.kafka.model.ChannelStatus.ACTIVE);
            assertThat(pw.alarmsOf(c.channelName())).hasSize(3)
                    .allSatisfy(a -> assertThat(a.alarmName()).startsWith("channel-pilot-" + SECOND + "-"));
        });
    }
}
