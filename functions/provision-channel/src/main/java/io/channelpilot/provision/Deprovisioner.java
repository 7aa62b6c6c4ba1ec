package io.channelpilot.provision;

import io.channelpilot.gateway.AlarmGateway;
import io.channelpilot.gateway.ChannelGateway;
import io.channelpilot.gateway.ChannelGateway.ChannelDescription;
import io.channelpilot.gateway.ChannelGateway.ChannelOperation;
import io.channelpilot.model.NameScope;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.store.RecordedAlarm;
import java.util.List;
import java.util.Optional;

/**
 * DELETE (the channel is no longer desired) and DELETE_REPLACED (an approved replacement is ACTIVE, the old channel
 * goes): delete the channel's alarms, then DeleteChannel. The Iceberg table, its data and its Lake Formation grants
 * are kept on purpose: deleting a channel must never destroy data, and grants on a kept table stay useful.
 * A channel that is already gone is fine (NotFound tolerated); one without our ownership tag is never touched.
 */
final class Deprovisioner {

    private final ChannelGateway channels;
    private final AlarmGateway alarms;
    private final ProvisionStatusRecorder status;
    private final String managedBy;

    Deprovisioner(ChannelGateway channels, AlarmGateway alarms, ProvisionStatusRecorder status, String managedBy) {
        this.channels = channels;
        this.alarms = alarms;
        this.status = status;
        this.managedBy = managedBy;
    }

    ProvisionOutcome delete(ProvisionRequest request) {
        Intent intent = request.intent();
        Optional<ChannelDescription> target = channels.findByName(intent.clusterArn(), intent.topic(), intent.channelName());
        return remove(request, ProvisionAction.DELETE, intent.channelName(), target, "ChannelDeleted");
    }

    ProvisionOutcome deleteReplaced(ProvisionRequest request) {
        Intent intent = request.intent();
        ObservedChannel old = intent.replaces();
        if (old == null) {
            return new ProvisionOutcome.Refused(new ProvisionProblem(ProvisionProblem.Code.INTENT_INCOMPLETE,
                    "DELETE_REPLACED of " + intent.channelName() + " names no channel to replace (intent.replaces)",
                    "Re-run the resolver; an approved replacement must name the old channel."));
        }
        if (old.channelName().equals(intent.channelName())) {
            return new ProvisionOutcome.Refused(new ProvisionProblem(ProvisionProblem.Code.INTENT_INCOMPLETE,
                    "the replaced channel and the new channel are both " + old.channelName(),
                    "A replacement must create a channel under a new name; report this resolver bug."));
        }
        Optional<ChannelDescription> target = channels.describe(intent.clusterArn(), old.channelArn());
        return remove(request, ProvisionAction.DELETE_REPLACED, old.channelName(), target, "ChannelReplaced");
    }

    /**
     * RELEASE ({@code managed=false}): hand the channel over. Our alarms go (nobody would answer them; they are named
     * after us), then our ownership tags; the channel keeps running and its table and grants stay. From then on the
     * resolver sees it as UNMANAGED.
     */
    ProvisionOutcome release(ProvisionRequest request) {
        Intent intent = request.intent();
        Optional<ChannelDescription> target = channels.findByName(intent.clusterArn(), intent.topic(), intent.channelName());
        List<String> alarmNames = alarmNames(intent.clusterArn(), intent.channelName());
        String channelArn = target.map(ChannelDescription::channelArn).orElse("");
        if (target.isPresent() && OwnershipTags.isManagedBy(target.get().tags(), managedBy)) {
            alarms.delete(alarmNames);
            List<String> ours = OwnershipTags.KEYS.stream().filter(target.get().tags()::containsKey).toList();
            channels.untag(channelArn, ours);
        }
        status.released(request, channelArn);
        return new ProvisionOutcome.Done(new ProvisionResult(ProvisionAction.RELEASE, channelArn, intent.channelName(),
                intent.clusterArn(), false, "", alarmNames, List.of(), ""));
    }

    /**
     * The alarms to delete: the ones provisioning recorded; when none were (a channel created before alarms were
     * recorded, or a crash before the status write), the names both rules give it — deleting a name that does not
     * exist is a no-op.
     */
    private List<String> alarmNames(String clusterArn, String channelName) {
        List<String> recorded = status.recorded(clusterArn, channelName).map(s -> s.alarms().stream().map(RecordedAlarm::name).toList())
                .orElse(List.of());
        if (!recorded.isEmpty()) {
            return recorded;
        }
        List<String> names = new java.util.ArrayList<>(ChannelAlarms.names(clusterArn, channelName, NameScope.CLUSTER));
        names.addAll(ChannelAlarms.names(clusterArn, channelName, NameScope.CHANNEL));
        return List.copyOf(names);
    }

    private ProvisionOutcome remove(ProvisionRequest request, ProvisionAction action, String channelName,
                                    Optional<ChannelDescription> target, String reason) {
        Intent intent = request.intent();
        if (target.isPresent() && !OwnershipTags.isManagedBy(target.get().tags(), managedBy)) {
            return new ProvisionOutcome.Refused(ProvisioningService.unmanaged(target.get(), managedBy));
        }
        List<String> alarmNames = alarmNames(intent.clusterArn(), channelName);
        alarms.delete(alarmNames);
        String channelArn = "";
        String operationArn = "";
        if (target.isPresent()) {
            Optional<ChannelOperation> deleted = channels.delete(intent.clusterArn(), target.get().channelArn());
            channelArn = target.get().channelArn();
            operationArn = deleted.map(ChannelOperation::clusterOperationArn).orElse("");
        }
        // The table is kept (with its rows and grants) but no longer claimed: streaming tables never write into an
        // existing table, so whoever delivers that data again gets a new table generation (docs/runbook.md#reconcile-sweep).
        status.recorded(intent.clusterArn(), channelName).flatMap(status::spec)
                .filter(spec -> spec.channelName().equals(channelName))
                .ifPresent(spec -> status.releaseTable(ProvisioningService.claimOf(spec)));
        status.deprovisioned(request, channelName, channelArn, reason, target.isPresent()
                ? "DeleteChannel requested; the table and its grants are kept" : "channel was already gone");
        return new ProvisionOutcome.Done(new ProvisionResult(action, channelArn, channelName, intent.clusterArn(), false,
                "", alarmNames, List.of(), operationArn));
    }
}
