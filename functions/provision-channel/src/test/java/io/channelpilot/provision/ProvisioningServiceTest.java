package io.channelpilot.provision;

import io.channelpilot.workflow.WorkflowJson;
import static io.channelpilot.provision.ProvisionFixtures.CLUSTER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.gateway.AlarmGateway.AlarmSpec;
import io.channelpilot.gateway.ChannelGateway.ChannelDescription;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.NameScope;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.notification.ItemState;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import io.channelpilot.workflow.AwsRequestRefused;
import io.channelpilot.workflow.ChannelBusy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvisioningServiceTest {

    private static final String ANALYSTS = "arn:aws:iam::123456789012:role/analysts";
    private static final String BI = "arn:aws:iam::123456789012:role/bi";

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-11-29T16:00:00Z"));
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final Fakes fakes = new Fakes();
    private final ProvisioningService service = new ProvisioningService(fakes.channels, fakes.logGroups, fakes.alarms,
            fakes.grants, fakes.namespaces, store, new ProvisionStatusRecorder(store, clock, WorkflowJson.mapper()), ProvisionFixtures.config(List.of(ANALYSTS, BI)));
    private final ChannelSpec spec = ProvisionFixtures.spec("orders", 600);

    private static ObservedChannel observed(ChannelSpec s) {
        return new ObservedChannel(Fakes.channelArn(CLUSTER, s.channelName(), 1), s.channelName(), "ACTIVE", 600,
                ProvisionFixtures.ours(s));
    }

    private ProvisionResult done(ProvisionOutcome outcome) {
        assertThat(outcome).isInstanceOf(ProvisionOutcome.Done.class);
        return ((ProvisionOutcome.Done) outcome).result();
    }

    private ProvisionProblem refused(ProvisionOutcome outcome) {
        assertThat(outcome).isInstanceOf(ProvisionOutcome.Refused.class);
        return ((ProvisionOutcome.Refused) outcome).problem();
    }

    @Test
    void shouldCreateLogGroupBeforeChannelWhenCreating() {
        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")));

        assertThat(fakes.calls).containsSubsequence("findByName", "ensureLogGroup", "createChannel", "putAlarm", "ensureNamespace", "ensureGrant");
        assertThat(fakes.calls.indexOf("ensureLogGroup")).isLessThan(fakes.calls.indexOf("createChannel"));
        assertThat(fakes.logGroups.existing).containsEntry(spec.infrastructure().logGroup(), 14);
        assertThat(fakes.logGroups.keys).containsEntry(spec.infrastructure().logGroup(), ProvisionFixtures.KMS);
        assertThat(result.adopted()).isFalse();
        assertThat(result.channelArn()).contains(":channel/orders-express/").endsWith("/c-1");
        assertThat(result.logGroup()).isEqualTo("/aws/msk/channel-pilot/" + spec.channelName());
        assertThat(result.clusterOperationArn()).isEqualTo("op-1");
    }

    @Test
    void shouldRecordProvisionedConditionAndArnAndKeepLeaseWhenCreated() {
        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")));

        ChannelKey key = new ChannelKey(CLUSTER, spec.channelName());
        ChannelStatus status = store.find(key).orElseThrow();
        assertThat(status.channelArn()).isEqualTo(result.channelArn());
        assertThat(status.fingerprint()).isEqualTo(spec.fingerprint());
        assertThat(status.desiredJson()).contains("\"table\":\"orders\"");
        assertThat(status.lastExecution()).isEqualTo("exec-1");
        assertThat(status.condition(ConditionType.PROVISIONED)).hasValueSatisfying(c -> {
            assertThat(c.status()).isEqualTo(ConditionStatus.TRUE);
            assertThat(c.reason()).isEqualTo("ChannelCreated");
        });
        // poll-channel releases the lease once the channel settles
        assertThat(store.leaseHolder(key)).contains("exec-1");
    }

    @Test
    void shouldAdoptWithoutCreatingWhenOurChannelWithSameFingerprintExists() {
        ChannelDescription existing = fakes.channels.add(spec.channelName(), "ACTIVE", ProvisionFixtures.ours(spec));

        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")));

        assertThat(result.adopted()).isTrue();
        assertThat(result.channelArn()).isEqualTo(existing.channelArn());
        assertThat(fakes.calls).doesNotContain("createChannel").contains("ensureLogGroup");
        assertThat(store.find(new ChannelKey(CLUSTER, spec.channelName())).orElseThrow().condition(ConditionType.PROVISIONED))
                .hasValueSatisfying(c -> assertThat(c.reason()).isEqualTo("ChannelAdopted"));
    }

    @Test
    void shouldWaitInsteadOfAdoptingWhenOurChannelIsStillDeleting() {
        fakes.channels.add(spec.channelName(), "DELETING", ProvisionFixtures.ours(spec));

        assertThatThrownBy(() -> service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")))
                .isInstanceOf(ChannelBusy.class).hasMessageContaining("status DELETING");
        assertThat(fakes.calls).containsExactly("findByName");
        assertThat(store.leaseHolder(new ChannelKey(CLUSTER, spec.channelName()))).isEmpty();
    }

    @Test
    void shouldAdoptWhenConflictExceptionAndConcurrentChannelIsOursAndIdentical() {
        fakes.channels.concurrentWinner = new ChannelDescription(Fakes.channelArn(CLUSTER, spec.channelName(), 99),
                spec.channelName(), "CREATING", 600, ProvisionFixtures.ours(spec), "", "", "op-99");

        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")));

        assertThat(result.adopted()).isTrue();
        assertThat(result.channelArn()).endsWith("/c-99");
        assertThat(result.clusterOperationArn()).isEqualTo("op-99");
        assertThat(fakes.calls).containsSubsequence("createChannel", "findByName", "putAlarm");
    }

    @Test
    void shouldRefuseAndNeverModifyWhenSameNameChannelIsUnmanaged() {
        fakes.channels.add(spec.channelName(), "ACTIVE", Map.of("team", "iac"));

        ProvisionProblem problem = refused(service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")));

        assertThat(problem.code()).isEqualTo(ProvisionProblem.Code.CHANNEL_NAME_TAKEN_UNMANAGED);
        assertThat(problem.message()).contains(spec.channelName()).contains(OwnershipTags.MANAGED_BY);
        assertThat(problem.remediation()).contains("managed=false");
        assertThat(fakes.calls).containsExactly("findByName");
        assertThat(store.leaseHolder(new ChannelKey(CLUSTER, spec.channelName()))).isEmpty();
        assertThat(problem.toError()).hasMessageStartingWith("CHANNEL_NAME_TAKEN_UNMANAGED: channel ");
    }

    @Test
    void shouldWriteTheIntentsChannelTagsWhenCreating() {
        // given: a replacement-style intent whose logical table key differs from the physical table
        Map<String, String> tags = new java.util.LinkedHashMap<>(OwnershipTags.of(spec, ProvisionFixtures.MANAGED_BY, "sales.orders_logical"));
        io.channelpilot.plan.Intent base = ProvisionFixtures.create(spec);
        io.channelpilot.plan.Intent intent = new io.channelpilot.plan.Intent(base.clusterArn(), base.topic(), base.channelName(),
                base.plan(), base.reason(), base.message(), spec, spec.fingerprint(), null, false, null, base.trigger(),
                "sales.orders_logical", tags);

        done(service.run(new ProvisionRequest(ProvisionAction.CREATE, intent, "exec-1")));

        assertThat(fakes.channels.byName.get(spec.channelName()).tags()).isEqualTo(tags)
                .containsEntry(OwnershipTags.TABLE_KEY, "sales.orders_logical");
    }

    @Test
    void shouldRefuseSameNameChannelManagedByAnotherStack() {
        Map<String, String> theirs = new java.util.HashMap<>(ProvisionFixtures.ours(spec));
        theirs.put(OwnershipTags.MANAGED_BY, "channel-pilot-other");
        fakes.channels.add(spec.channelName(), "ACTIVE", theirs);

        ProvisionProblem problem = refused(service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")));

        assertThat(problem.code()).isEqualTo(ProvisionProblem.Code.CHANNEL_NAME_TAKEN_UNMANAGED);
        assertThat(problem.message()).contains("channel-pilot-other").contains("expected channel-pilot");
        assertThat(fakes.calls).containsExactly("findByName");
    }

    @Test
    void shouldRefuseWhenOurSameNameChannelHasAnotherFingerprint() {
        ChannelSpec other = ProvisionFixtures.spec("orders", 600);
        Map<String, String> tags = new java.util.HashMap<>(ProvisionFixtures.ours(other));
        tags.put(OwnershipTags.FINGERPRINT, "0123456789abcdef");
        fakes.channels.add(spec.channelName(), "ACTIVE", tags);

        ProvisionProblem problem = refused(service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")));

        assertThat(problem.code()).isEqualTo(ProvisionProblem.Code.CHANNEL_FINGERPRINT_MISMATCH);
        assertThat(problem.message()).contains("01234567");
        assertThat(problem.remediation()).contains("approve=" + spec.fingerprint().substring(0, 8));
        assertThat(fakes.calls).doesNotContain("createChannel", "putAlarm");
    }

    @Test
    void shouldPutTheThreeRecommendedAlarmsIdempotentlyWhenRunTwice() {
        ProvisionRequest request = new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1");

        done(service.run(request));
        ProvisionResult second = done(service.run(request));

        assertThat(second.adopted()).isTrue();
        assertThat(fakes.alarms.byName).hasSize(3);
        assertThat(second.alarms()).containsExactly("channel-pilot-" + spec.channelName() + "-DataFreshness",
                "channel-pilot-" + spec.channelName() + "-FailedRowCount", "channel-pilot-" + spec.channelName() + "-DLQDeliverySuccess");
        AlarmSpec freshness = fakes.alarms.byName.get(second.alarms().get(0));
        assertThat(freshness.metricName()).isEqualTo("DeliveryToIceberg.DataFreshness");
        assertThat(freshness.threshold()).isEqualTo(600.0);
        assertThat(freshness.namespace()).isEqualTo("AWS/Kafka");
        assertThat(freshness.dimensions()).containsExactly(Map.entry("ClusterName", "orders-express"),
                Map.entry("ChannelName", spec.channelName()), Map.entry("Topic", "orders"));
        AlarmSpec failed = fakes.alarms.byName.get(second.alarms().get(1));
        assertThat(failed.threshold()).isZero();
        assertThat(failed.periodSeconds()).isEqualTo(60);
        assertThat(failed.evaluationPeriods()).isEqualTo(5);
        assertThat(failed.datapointsToAlarm()).isEqualTo(5);
        assertThat(fakes.alarms.byName.values()).allSatisfy(a -> {
            assertThat(a.treatMissingData()).isEqualTo("notBreaching");
            assertThat(a.comparison()).isEqualTo("GreaterThanThreshold");
        });
    }

    @Test
    void shouldGrantDatabaseAndTableWildcardOncePerPrincipalWhenRunTwice() {
        ProvisionRequest request = new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1");

        ProvisionResult first = done(service.run(request));
        ProvisionResult second = done(service.run(request));

        assertThat(first.grants()).hasSize(4);
        assertThat(first.grants()).extracting(g -> g.principal() + " " + g.resource() + " " + g.granted()).containsExactly(
                ANALYSTS + " 123456789012:s3tablescatalog/analytics-lake/sales [DESCRIBE]",
                ANALYSTS + " 123456789012:s3tablescatalog/analytics-lake/sales/* [DESCRIBE, SELECT]",
                BI + " 123456789012:s3tablescatalog/analytics-lake/sales [DESCRIBE]",
                BI + " 123456789012:s3tablescatalog/analytics-lake/sales/* [DESCRIBE, SELECT]");
        assertThat(second.grants()).allSatisfy(g -> assertThat(g.granted()).isEmpty());
        assertThat(fakes.grants.existing).hasSize(6);
        assertThat(fakes.grants.grantCalls).isEqualTo(4);
    }

    @Test
    void shouldThrowChannelBusyWhenAnotherExecutionHoldsTheLease() {
        store.acquireLease(new ChannelKey(CLUSTER, spec.channelName()), "exec-other", Duration.ofMinutes(45));

        assertThatThrownBy(() -> service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")))
                .isInstanceOf(ChannelBusy.class).hasMessageContaining("exec-other");
        assertThat(fakes.calls).isEmpty();
    }

    @Test
    void shouldReleaseLeaseWhenAwsRefusesTheCall() {
        fakes.channels.createFailure = new AwsRequestRefused(AwsRequestRefused.ACCESS_DENIED, "kafka CreateChannel was denied", null);

        assertThatThrownBy(() -> service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")))
                .isInstanceOf(AwsRequestRefused.class);
        assertThat(store.leaseHolder(new ChannelKey(CLUSTER, spec.channelName()))).isEmpty();
    }

    @Test
    void shouldUpdateOnlyFreshnessAndTheFreshnessAlarmThreshold() {
        ChannelDescription existing = fakes.channels.add(spec.channelName(), "ACTIVE", ProvisionFixtures.ours(spec));
        ChannelSpec fresher = ProvisionFixtures.spec("orders", 300);
        ObservedChannel observed = new ObservedChannel(existing.channelArn(), existing.channelName(), "ACTIVE", 600, existing.tags());

        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.UPDATE_FRESHNESS,
                ProvisionFixtures.update(fresher, observed), "exec-2")));

        assertThat(fakes.channels.freshnessUpdates).containsExactly(300);
        assertThat(result.alarms()).containsExactly("channel-pilot-" + spec.channelName() + "-DataFreshness");
        assertThat(fakes.alarms.byName.get(result.alarms().get(0)).threshold()).isEqualTo(300.0);
        assertThat(fakes.alarms.byName).hasSize(1);
        assertThat(result.clusterOperationArn()).isEqualTo("op-update");
        assertThat(fakes.calls).doesNotContain("createChannel", "ensureLogGroup", "ensureGrant");
    }

    @Test
    void shouldRefuseUpdateWhenChannelMissing() {
        ProvisionProblem problem = refused(service.run(new ProvisionRequest(ProvisionAction.UPDATE_FRESHNESS,
                ProvisionFixtures.update(spec, null), "exec-2")));

        assertThat(problem.code()).isEqualTo(ProvisionProblem.Code.CHANNEL_NOT_FOUND);
    }

    @Test
    void shouldDeleteAlarmsThenChannelAndKeepLeaseForThePoll() {
        done(service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")));
        store.releaseLease(new ChannelKey(CLUSTER, spec.channelName()), "exec-1");
        fakes.calls.clear();

        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.DELETE,
                ProvisionFixtures.delete(spec.channelName(), observed(spec)), "exec-3")));

        assertThat(fakes.calls).containsExactly("findByName", "deleteAlarms", "deleteChannel");
        assertThat(fakes.alarms.byName).isEmpty();
        assertThat(fakes.channels.byName).isEmpty();
        assertThat(result.channelArn()).endsWith("/c-1");
        assertThat(result.alarms()).hasSize(3);
        assertThat(result.clusterOperationArn()).isEqualTo("op-delete");
        ChannelStatus status = store.find(new ChannelKey(CLUSTER, spec.channelName())).orElseThrow();
        assertThat(status.observedStatus()).isEqualTo("DELETING");
        assertThat(status.condition(ConditionType.PROVISIONED)).hasValueSatisfying(c -> {
            assertThat(c.status()).isEqualTo(ConditionStatus.FALSE);
            assertThat(c.reason()).isEqualTo("ChannelDeleted");
            assertThat(c.message()).contains("table and its grants are kept");
        });
        assertThat(store.leaseHolder(new ChannelKey(CLUSTER, spec.channelName()))).contains("exec-3");
    }

    @Test
    void shouldSucceedWithEmptyArnWhenChannelToDeleteIsAlreadyGone() {
        // the resolver saw the channel; it is gone by the time Deprovision runs
        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.DELETE,
                ProvisionFixtures.delete(spec.channelName(), observed(spec)), "exec-3")));

        assertThat(result.channelArn()).isEmpty();
        assertThat(fakes.calls).containsExactly("findByName", "deleteAlarms");
    }

    @Test
    void shouldRefuseToDeleteUnmanagedChannel() {
        fakes.channels.add(spec.channelName(), "ACTIVE", Map.of());

        ProvisionProblem problem = refused(service.run(new ProvisionRequest(ProvisionAction.DELETE,
                ProvisionFixtures.delete(spec.channelName(), observed(spec)), "exec-3")));

        assertThat(problem.code()).isEqualTo(ProvisionProblem.Code.CHANNEL_NAME_TAKEN_UNMANAGED);
        assertThat(fakes.calls).doesNotContain("deleteChannel", "deleteAlarms");
    }

    @Test
    void shouldDeleteReplacedChannelAndItsAlarmsAndReleaseLease() {
        ChannelDescription old = fakes.channels.add(spec.channelName(), "ACTIVE", ProvisionFixtures.ours(spec));
        ObservedChannel observed = new ObservedChannel(old.channelArn(), old.channelName(), "ACTIVE", 600, old.tags());
        ChannelSpec next = ProvisionFixtures.spec("orders_v2", 600);

        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.DELETE_REPLACED,
                ProvisionFixtures.replace(next, observed), "exec-4")));

        assertThat(result.action()).isEqualTo(ProvisionAction.DELETE_REPLACED);
        assertThat(result.channelName()).isEqualTo(spec.channelName());
        assertThat(result.channelArn()).isEqualTo(old.channelArn());
        // nothing recorded for the old channel (made before alarms were recorded): both name rules' alarms go
        assertThat(result.alarms()).containsAll(ChannelAlarms.names(CLUSTER, spec.channelName(), NameScope.CHANNEL))
                .containsAll(ChannelAlarms.names(CLUSTER, spec.channelName(), NameScope.CLUSTER));
        assertThat(fakes.channels.byName).doesNotContainKey(spec.channelName());
        assertThat(store.leaseHolder(new ChannelKey(CLUSTER, spec.channelName()))).isEmpty();
        assertThat(store.find(new ChannelKey(CLUSTER, spec.channelName())).orElseThrow().condition(ConditionType.PROVISIONED))
                .hasValueSatisfying(c -> assertThat(c.reason()).isEqualTo("ChannelReplaced"));
    }

    @Test
    void shouldRemoveOurTagsAndAlarmsButKeepChannelRunningWhenReleased() {
        done(service.run(new ProvisionRequest(ProvisionAction.CREATE, ProvisionFixtures.create(spec), "exec-1")));
        store.releaseLease(new ChannelKey(CLUSTER, spec.channelName()), "exec-1");
        Map<String, String> tags = new java.util.HashMap<>(fakes.channels.byName.get(spec.channelName()).tags());
        tags.put("team", "iac");
        fakes.channels.byName.computeIfPresent(spec.channelName(), (n, c) -> new ChannelDescription(c.channelArn(), n, "ACTIVE",
                600, tags, "", "", ""));
        fakes.calls.clear();

        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.RELEASE,
                ProvisionFixtures.release(spec.channelName(), observed(spec)), "exec-5")));

        assertThat(fakes.calls).containsExactly("findByName", "deleteAlarms", "untag");
        ChannelDescription after = fakes.channels.byName.get(spec.channelName());
        assertThat(after).isNotNull();
        assertThat(after.tags()).containsOnly(Map.entry("team", "iac"));
        assertThat(fakes.alarms.byName).isEmpty();
        assertThat(result.action()).isEqualTo(ProvisionAction.RELEASE);
        assertThat(result.channelArn()).isEqualTo(after.channelArn());
        assertThat(store.leaseHolder(new ChannelKey(CLUSTER, spec.channelName()))).isEmpty();
        assertThat(store.find(new ChannelKey(CLUSTER, spec.channelName())).orElseThrow().condition(ConditionType.PROVISIONED))
                .hasValueSatisfying(c -> assertThat(c.reason()).isEqualTo("ChannelReleased"));
    }

    @Test
    void shouldTouchNothingWhenReleasingAChannelThatIsNoLongerOurs() {
        fakes.channels.add(spec.channelName(), "ACTIVE", Map.of("team", "iac"));

        ProvisionResult result = done(service.run(new ProvisionRequest(ProvisionAction.RELEASE,
                ProvisionFixtures.release(spec.channelName(), observed(spec)), "exec-5")));

        assertThat(fakes.calls).containsExactly("findByName");
        assertThat(result.channelArn()).isNotEmpty();
    }

    @Test
    void shouldRefuseDeleteReplacedWhenIntentNamesNoOldChannel() {
        ChannelSpec next = ProvisionFixtures.spec("orders_v2", 600);

        ProvisionProblem problem = refused(service.run(new ProvisionRequest(ProvisionAction.DELETE_REPLACED,
                ProvisionFixtures.replace(next, null), "exec-4")));

        assertThat(problem.code()).isEqualTo(ProvisionProblem.Code.INTENT_INCOMPLETE);
        assertThat(problem.message()).contains("intent.replaces");
    }
}
