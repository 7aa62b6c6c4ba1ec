package io.channelpilot.provision;

import io.channelpilot.workflow.WorkflowJson;
import static io.channelpilot.provision.ProvisionFixtures.CLUSTER;
import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.NameScope;
import io.channelpilot.notification.ItemState;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.TableClaim;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.store.RecordedAlarm;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 13 items 1 and 2 at the provisioning boundary: the table claim before anything is created, its release on
 * delete, the alarms recorded for the responder's identity check, and cluster-scoped names (old channels keep theirs).
 */
class ProvisionTenancyTest {

    private static final String OTHER_CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/billing-express/0a1b2c3d-0000-4000-8000-000000000002-1";

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-11-29T16:00:00Z"));
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final Fakes fakes = new Fakes();
    private final ProvisioningService service = new ProvisioningService(fakes.channels, fakes.logGroups, fakes.alarms,
            fakes.grants, fakes.namespaces, store, new ProvisionStatusRecorder(store, clock, WorkflowJson.mapper()), ProvisionFixtures.config(List.of()));

    /** The orders spec with the names a new channel gets (cluster-scoped). */
    private static ChannelSpec clusterScoped() {
        ChannelSpec s = ProvisionFixtures.spec("orders", 600);
        Infrastructure i = s.infrastructure();
        return new ChannelSpec(s.clusterArn(), s.topic(), s.namespace(), s.table(), s.schema(), s.format(), s.partitionColumn(),
                s.freshnessSeconds(), s.compression(), new Infrastructure(i.tableBucketArn(), i.dlqBucketArn(),
                "dlq/orders-express/" + s.channelName() + "/", i.serviceRoleArn(), i.kmsKeyArn(),
                "/aws/msk/channel-pilot/orders-express/" + s.channelName(), NameScope.CLUSTER), s.operations());
    }

    @Test
    void shouldRefuseATableAnotherClustersChannelClaimedBeforeCreatingAnything() {
        // GIVEN another cluster's channel claimed sales.orders (the table need not exist: it appears on first delivery)
        ChannelSpec spec = clusterScoped();
        store.claimTable(new TableClaim(spec.infrastructure().tableBucketArn(), "sales", "orders", OTHER_CLUSTER,
                spec.channelName(), "orders"));

        // WHEN this cluster's rule for the same table is provisioned
        ProvisionOutcome outcome = service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1"));

        // THEN refused with both owners named, and nothing made: no log group, channel or alarm
        assertThat(outcome).isInstanceOfSatisfying(ProvisionOutcome.Refused.class, r -> {
            assertThat(r.problem().code()).isEqualTo(ProvisionProblem.Code.TABLE_CLAIMED);
            assertThat(r.problem().message()).contains("sales.orders").contains(OTHER_CLUSTER).contains(CLUSTER);
            assertThat(r.problem().remediation()).contains("table=");
        });
        assertThat(fakes.calls).doesNotContain("ensureLogGroup", "createChannel", "putAlarm");
        assertThat(store.leaseHolder(new ChannelKey(CLUSTER, spec.channelName()))).isEmpty();
    }

    @Test
    void shouldClaimTheTableRecordTheAlarmsAndReleaseTheClaimOnDelete() {
        ChannelSpec spec = clusterScoped();
        service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1"));

        // the claim is ours, and the three alarms are recorded with everything the responder compares
        assertThat(store.tableClaim(spec.infrastructure().tableBucketArn(), "sales", "orders"))
                .hasValueSatisfying(c -> assertThat(c.clusterArn()).isEqualTo(CLUSTER));
        List<RecordedAlarm> alarms = store.find(new ChannelKey(CLUSTER, spec.channelName())).orElseThrow().alarms();
        assertThat(alarms).extracting(RecordedAlarm::name).containsExactlyInAnyOrderElementsOf(fakes.alarms.byName.keySet());
        assertThat(alarms).allSatisfy(a -> {
            assertThat(a.name()).startsWith("channel-pilot-orders-express-" + spec.channelName() + "-");
            assertThat(a.arn()).isEqualTo("arn:aws:cloudwatch:us-east-1:123456789012:alarm:" + a.name());
            assertThat(a.namespace()).isEqualTo("AWS/Kafka");
            assertThat(a.dimensions()).containsEntry("ClusterName", "orders-express").containsEntry("ChannelName", spec.channelName())
                    .containsEntry("Topic", "orders");
        });
        store.releaseLease(new ChannelKey(CLUSTER, spec.channelName()), "exec-1");

        // WHEN the channel is deleted
        ObservedChannel observed = new ObservedChannel(Fakes.channelArn(CLUSTER, spec.channelName(), 1), spec.channelName(),
                "ACTIVE", 600, ProvisionFixtures.ours(spec));
        service.run(new ProvisionRequest(ProvisionAction.DELETE, ProvisionFixtures.delete(spec.channelName(), observed), "exec-2"));

        // THEN the recorded alarms are deleted, their records dropped, and the table (kept) is free again
        assertThat(fakes.alarms.byName).isEmpty();
        assertThat(store.find(new ChannelKey(CLUSTER, spec.channelName())).orElseThrow().alarms()).isEmpty();
        assertThat(store.tableClaim(spec.infrastructure().tableBucketArn(), "sales", "orders")).isEmpty();
    }

    @Test
    void shouldKeepTheChannelOnlyAlarmNamesForAChannelCreatedUnderThem() {
        // GIVEN a channel created before names carried the cluster (its recorded spec has NameScope.CHANNEL)
        ChannelSpec old = ProvisionFixtures.spec("orders", 600);
        assertThat(old.infrastructure().names()).isEqualTo(NameScope.CHANNEL);
        fakes.channels.add(old.channelName(), "ACTIVE", ProvisionFixtures.ours(old));

        // WHEN it is adopted (a duplicate event, a re-run) and its freshness later updated
        service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(old), "exec-1"));
        store.releaseLease(new ChannelKey(CLUSTER, old.channelName()), "exec-1");
        ChannelSpec faster = ProvisionFixtures.spec("orders", 300);
        ObservedChannel observed = new ObservedChannel(Fakes.channelArn(CLUSTER, old.channelName(), 1), old.channelName(),
                "ACTIVE", 600, ProvisionFixtures.ours(old));
        service.run(new ProvisionRequest(ProvisionAction.UPDATE_FRESHNESS, ProvisionFixtures.update(faster, observed), "exec-2"));

        // THEN its alarms keep their old names: three alarms, never a second set
        assertThat(fakes.alarms.byName.keySet()).hasSize(3).allSatisfy(n -> assertThat(n).startsWith("channel-pilot-" + old.channelName() + "-"));
        assertThat(fakes.alarms.byName.get("channel-pilot-" + old.channelName() + "-DataFreshness").threshold()).isEqualTo(300.0);
    }
}
