package io.channelpilot.provision;

import io.channelpilot.gateway.AlarmGateway;
import io.channelpilot.gateway.AwsErrors;
import io.channelpilot.gateway.ChannelGateway;
import io.channelpilot.gateway.ChannelGateway.ChannelDescription;
import io.channelpilot.gateway.ChannelGateway.CreateOutcome;
import io.channelpilot.gateway.GrantGateway;
import io.channelpilot.gateway.GrantGateway.GrantState;
import io.channelpilot.gateway.NamespaceGateway;
import io.channelpilot.gateway.LogGroupGateway;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.plan.Intent;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.RecordedAlarm;
import io.channelpilot.plan.TableClaim;
import io.channelpilot.store.StatusStore;
import io.channelpilot.workflow.ChannelBusy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import software.amazon.awssdk.core.exception.SdkException;
import org.slf4j.LoggerFactory;

/**
 * Applies one provisioning action under the channel's provisioning lease (DESIGN §4, §5 step 4). CREATE: look the
 * name up, create the log group, CreateChannel (or adopt our identical channel), the three alarms, the namespace
 * grants. UPDATE_FRESHNESS: UpdateChannel with only the freshness, then the DataFreshness threshold. DELETE and
 * DELETE_REPLACED and RELEASE: {@link Deprovisioner}. The lease stays held on success (poll-channel releases it when the channel
 * settles) and is released on any failure, so a refused or failed item never blocks the next execution.
 */
final class ProvisioningService {

    private static final Logger LOG = LoggerFactory.getLogger(ProvisioningService.class);

    private final ChannelGateway channels;
    private final LogGroupGateway logGroups;
    private final AlarmGateway alarms;
    private final GrantGateway grants;
    private final NamespaceGateway namespaces;
    private final StatusStore store;
    private final ProvisionStatusRecorder status;
    private final ProvisionConfig config;
    private final ChannelAlarms alarmSpecs;
    private final NamespaceGrants namespaceGrants;
    private final Deprovisioner deprovisioner;

    public ProvisioningService(ChannelGateway channels, LogGroupGateway logGroups, AlarmGateway alarms, GrantGateway grants,
                               NamespaceGateway namespaces, StatusStore store, ProvisionStatusRecorder status, ProvisionConfig config) {
        this.channels = channels;
        this.logGroups = logGroups;
        this.alarms = alarms;
        this.grants = grants;
        this.namespaces = namespaces;
        this.store = store;
        this.status = status;
        this.config = config;
        this.alarmSpecs = new ChannelAlarms(config.alarms());
        this.namespaceGrants = new NamespaceGrants(config.catalogIdTemplate());
        this.deprovisioner = new Deprovisioner(channels, alarms, status, config.managedBy());
    }

    public ProvisionOutcome run(ProvisionRequest request) {
        Intent intent = request.intent();
        String channelName = request.action() == ProvisionAction.DELETE_REPLACED && intent.replaces() != null
                ? intent.replaces().channelName() : intent.channelName();
        ChannelKey key = new ChannelKey(intent.clusterArn(), channelName);
        if (!store.acquireLease(key, request.correlationId(), config.leaseTtl())) {
            throw new ChannelBusy(channelName, store.leaseHolder(key).orElse("another execution"));
        }
        ProvisionOutcome outcome;
        try {
            outcome = dispatch(request);
        } catch (RuntimeException e) {
            store.releaseLease(key, request.correlationId());
            throw e;
        }
        // DELETE_REPLACED and RELEASE have no poll step after them, and a refusal ends the item: all release here.
        if (outcome instanceof ProvisionOutcome.Refused || request.action() == ProvisionAction.DELETE_REPLACED
                || request.action() == ProvisionAction.RELEASE) {
            store.releaseLease(key, request.correlationId());
        }
        log(request, outcome);
        return outcome;
    }

    /** {@link #run} for the workflow task: a refusal and an AWS error escaping the SDK's retries are thrown as the ASL matches them. */
    ProvisionResult apply(ProvisionRequest request) {
        ProvisionOutcome outcome;
        try {
            outcome = run(request);
        } catch (SdkException e) {
            // e.g. S3 Tables CreateNamespace or a status-store write throttled beyond the SDK's retries
            throw AwsErrors.escaped(e);
        }
        if (outcome instanceof ProvisionOutcome.Refused refused) {
            throw refused.problem().toError();
        }
        return ((ProvisionOutcome.Done) outcome).result();
    }

    private ProvisionOutcome dispatch(ProvisionRequest request) {
        return switch (request.action()) {
            case CREATE -> create(request);
            case UPDATE_FRESHNESS -> updateFreshness(request);
            case DELETE -> deprovisioner.delete(request);
            case DELETE_REPLACED -> deprovisioner.deleteReplaced(request);
            case RELEASE -> deprovisioner.release(request);
        };
    }

    private ProvisionOutcome create(ProvisionRequest request) {
        Intent intent = request.intent();
        if (intent.desired() == null) {
            return refuse(ProvisionProblem.Code.INTENT_INCOMPLETE, "CREATE of " + intent.channelName() + " has no desired spec",
                    "Re-run the resolver; a CREATE intent must carry the desired spec.");
        }
        ChannelSpec spec = intent.desired();
        Optional<ChannelDescription> existing = channels.findByName(spec.clusterArn(), spec.topic(), spec.channelName());
        if (existing.isPresent()) {
            Optional<ProvisionProblem> problem = adoptionProblem(existing.get(), spec);
            if (problem.isPresent()) {
                return new ProvisionOutcome.Refused(problem.get());
            }
            if ("DELETING".equals(existing.get().status())) {
                // Adopting a channel on its way out would poll into a timeout; wait for it to go, then create anew.
                throw new ChannelBusy(spec.channelName(), "a DeleteChannel still in progress (status DELETING)");
            }
        }
        // Tenancy (README "Tenancy"): the table belongs to the first channel that claims it. The claim is a conditional
        // write before anything else is made, so of two clusters (or rules) racing for one table exactly one proceeds,
        // also while the table does not exist yet (MSK creates it on first delivery).
        TableClaim wanted = claimOf(spec);
        TableClaim holder = store.claimTable(wanted);
        if (!holder.sameOwner(wanted)) {
            return new ProvisionOutcome.Refused(tableClaimed(wanted, holder));
        }
        // The log group must exist before CreateChannel (reference §6); ensure it even when adopting.
        LogGroupGateway.LogGroupState logGroup = logGroups.ensure(spec.infrastructure().logGroup(),
                config.logRetentionDays(), spec.infrastructure().kmsKey());
        String channelArn;
        String operationArn = "";
        boolean adopted = existing.isPresent();
        if (existing.isPresent()) {
            channelArn = existing.get().channelArn();
            operationArn = existing.get().clusterOperationArn();
        } else {
            CreateOutcome created = channels.create(spec, channelTags(intent, spec));
            if (created instanceof CreateOutcome.Created c) {
                channelArn = c.operation().channelArn();
                operationArn = c.operation().clusterOperationArn();
            } else {
                // 409: a concurrent create won the name. Adopt it if it is ours and identical.
                ChannelDescription winner = channels.findByName(spec.clusterArn(), spec.topic(), spec.channelName())
                        .orElseThrow(() -> new ChannelBusy(spec.channelName(),
                                "a concurrent CreateChannel (ConflictException; the channel is not listed yet)"));
                Optional<ProvisionProblem> problem = adoptionProblem(winner, spec);
                if (problem.isPresent()) {
                    return new ProvisionOutcome.Refused(problem.get());
                }
                channelArn = winner.channelArn();
                operationArn = winner.clusterOperationArn();
                adopted = true;
            }
        }
        List<String> alarmNames = new ArrayList<>();
        List<RecordedAlarm> recorded = new ArrayList<>();
        for (AlarmGateway.AlarmSpec alarm : alarmSpecs.all(spec.clusterArn(), spec.channelName(), spec.topic(),
                spec.freshnessSeconds(), spec.infrastructure().names())) {
            alarms.put(alarm);
            alarmNames.add(alarm.name());
            recorded.add(ChannelAlarms.record(spec.clusterArn(), alarm));
        }
        List<GrantState> granted = new ArrayList<>();
        if (!config.queryPrincipals().isEmpty()) {
            // a grant needs the namespace's database; MSK would only create it on first delivery
            namespaces.ensure(spec.infrastructure().tableBucketArn(), spec.namespace());
        }
        for (GrantGateway.NamespaceGrant grant : namespaceGrants.forNamespace(config.queryPrincipals(),
                spec.infrastructure().tableBucketArn(), spec.namespace())) {
            granted.add(grants.ensure(grant));
        }
        status.provisioned(request, spec, channelArn, adopted ? "ChannelAdopted" : "ChannelCreated",
                (adopted ? "Adopted existing channel " : "Created channel ") + channelArn, recorded);
        return new ProvisionOutcome.Done(new ProvisionResult(ProvisionAction.CREATE, channelArn, spec.channelName(),
                spec.clusterArn(), adopted, logGroup.name(), alarmNames, granted, operationArn));
    }

    private ProvisionOutcome updateFreshness(ProvisionRequest request) {
        Intent intent = request.intent();
        ChannelSpec spec = intent.desired();
        if (spec == null) {
            return refuse(ProvisionProblem.Code.INTENT_INCOMPLETE, "UPDATE_FRESHNESS of " + intent.channelName()
                    + " has no desired spec", "Re-run the resolver; the update needs the desired freshness.");
        }
        Optional<ChannelDescription> target = channels.findByName(intent.clusterArn(), intent.topic(), intent.channelName());
        if (target.isEmpty()) {
            return refuse(ProvisionProblem.Code.CHANNEL_NOT_FOUND, "channel " + intent.channelName() + " does not exist, so its "
                    + "freshness cannot be updated", "Nothing to do now; the next sweep plans a CREATE for it.");
        }
        if (!OwnershipTags.isManagedBy(target.get().tags(), config.managedBy())) {
            return new ProvisionOutcome.Refused(unmanaged(target.get(), config.managedBy()));
        }
        var operation = channels.updateFreshness(intent.clusterArn(), target.get().channelArn(), spec.freshnessSeconds());
        AlarmGateway.AlarmSpec freshness = alarmSpecs.freshness(intent.clusterArn(), intent.channelName(), intent.topic(),
                spec.freshnessSeconds(), spec.infrastructure().names());
        alarms.put(freshness);
        status.provisioned(request, spec, target.get().channelArn(), "FreshnessUpdated",
                "dataFreshnessInSeconds set to " + spec.freshnessSeconds(), null);
        return new ProvisionOutcome.Done(new ProvisionResult(ProvisionAction.UPDATE_FRESHNESS, target.get().channelArn(),
                intent.channelName(), intent.clusterArn(), false, spec.infrastructure().logGroup(), List.of(freshness.name()),
                List.of(), operation.clusterOperationArn()));
    }

    /**
     * The tags the new channel carries: the intent's {@code channelTags} (the resolver keeps a replacement's logical
     * table key there), else our ownership tags for the spec.
     */
    private Map<String, String> channelTags(Intent intent, ChannelSpec spec) {
        if (!intent.channelTags().isEmpty()) {
            return intent.channelTags();
        }
        return intent.tableKey().isEmpty() ? OwnershipTags.of(spec, config.managedBy())
                : OwnershipTags.of(spec, config.managedBy(), intent.tableKey());
    }

    private Optional<ProvisionProblem> adoptionProblem(ChannelDescription found, ChannelSpec spec) {
        if (!OwnershipTags.isManagedBy(found.tags(), config.managedBy())) {
            return Optional.of(unmanaged(found, config.managedBy()));
        }
        String theirs = OwnershipTags.fingerprint(found.tags()).orElse("");
        if (!theirs.equals(spec.fingerprint())) {
            return Optional.of(new ProvisionProblem(ProvisionProblem.Code.CHANNEL_FINGERPRINT_MISMATCH,
                    "channel " + found.channelName() + " is ours but was created from other settings (fingerprint "
                            + prefix(theirs) + ", desired " + prefix(spec.fingerprint()) + ")",
                    "A non-updatable setting changed: this needs a replacement (plan REPLACE_NEEDS_APPROVAL); approve it "
                            + "with approve=" + prefix(spec.fingerprint()) + " on the rule tag, or revert the setting."));
        }
        return Optional.empty();
    }

    /** The claim a channel of {@code spec} takes on its table. */
    static TableClaim claimOf(ChannelSpec spec) {
        return new TableClaim(spec.infrastructure().tableBucketArn(), spec.namespace(), spec.table(), spec.clusterArn(),
                spec.channelName(), spec.topic());
    }

    static ProvisionProblem tableClaimed(TableClaim wanted, TableClaim holder) {
        return new ProvisionProblem(ProvisionProblem.Code.TABLE_CLAIMED,
                "table " + holder.tableName() + " in " + holder.tableBucketArn() + " belongs to " + holder.owner()
                        + "; " + wanted.owner() + " may not deliver into it (one table, one channel)",
                "Give this rule its own table: set table=<name> (or namespace=<yours>) on the rule tag of cluster "
                        + ClusterArn.parse(wanted.clusterArn()).name() + ". The table is released only when its owner's "
                        + "channel is deleted; nothing was created.");
    }

    static ProvisionProblem unmanaged(ChannelDescription found, String managedBy) {
        String holder = found.tags().get(OwnershipTags.MANAGED_BY);
        return new ProvisionProblem(ProvisionProblem.Code.CHANNEL_NAME_TAKEN_UNMANAGED,
                "channel " + found.channelName() + " (" + found.channelArn() + ") is not managed by this stack ("
                        + OwnershipTags.MANAGED_BY + (holder == null ? " tag missing" : "=" + holder) + ", expected "
                        + managedBy + "); Channel Pilot never modifies channels it does not own",
                "Leave it to whoever manages it (IaC), or delete it yourself and Channel Pilot creates its own on the next "
                        + "sweep; set managed=false on the rule to silence this.");
    }

    private static ProvisionOutcome refuse(ProvisionProblem.Code code, String message, String remediation) {
        return new ProvisionOutcome.Refused(new ProvisionProblem(code, message, remediation));
    }

    private static String prefix(String fingerprint) {
        return fingerprint.length() > 8 ? fingerprint.substring(0, 8) : fingerprint;
    }

    private static void log(ProvisionRequest request, ProvisionOutcome outcome) {
        Intent intent = request.intent();
        if (outcome instanceof ProvisionOutcome.Refused refused) {
            LOG.warn("provision refused cluster={} topic={} channel={} action={} reason={}", intent.clusterArn(),
                    intent.topic(), intent.channelName(), request.action(), refused.problem().code());
        } else if (outcome instanceof ProvisionOutcome.Done done) {
            LOG.info("provision done cluster={} topic={} channel={} action={} adopted={} correlationId={}",
                    intent.clusterArn(), intent.topic(), done.result().channelName(), request.action(),
                    done.result().adopted(), request.correlationId());
        }
    }
}
