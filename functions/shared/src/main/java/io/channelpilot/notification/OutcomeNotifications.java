package io.channelpilot.notification;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Fingerprint;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.plan.FailureHistory;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Plan;
import io.channelpilot.plan.PlanReason;
import io.channelpilot.plan.TableGenerations;
import java.util.List;
import java.util.Optional;

/**
 * Decides the notification for every outcome of one provisioning item (DESIGN §5, §8): kind, severity, title,
 * summary, facts and actions with exact commands. Pure: the same item state always gives the same message. The
 * failure kinds live in {@link FailureNotifications}; message conventions ({@link MessageDraft}) are shared with the
 * alarm notifications. Facts carry identifiers, codes and counts only — never record payloads.
 */
public final class OutcomeNotifications {

    static final String CHANNEL_FAILED_ERROR = "io.channelpilot.workflow.ChannelFailed";
    static final String CHANNEL_NOT_READY_ERROR = "io.channelpilot.workflow.ChannelNotReady";

    private OutcomeNotifications() {
    }

    public static Notification from(ItemState state) {
        return from(state, Optional.empty());
    }

    /** @param previous the replaced channel's recorded desired spec, when known, to name the changed fields */
    public static Notification from(ItemState state, Optional<ChannelSpec> previous) {
        if (state.failure() != null) {
            return FailureNotifications.from(state);
        }
        if (state.validation() != null && !state.validation().passed()) {
            return validationRefused(state);
        }
        Intent intent = state.intent();
        if (intent.plan() == Plan.REPLACE_NEEDS_APPROVAL && !intent.approved()) {
            return approvalRequired(state, previous);
        }
        if (state.replaced() != null) {
            return replaced(state);
        }
        ItemState.StepResult provision = state.provision();
        if (provision != null) {
            switch (provision.action()) {
                case "CREATE":
                    return active(state);
                case "UPDATE_FRESHNESS":
                    return updated(state);
                case "DELETE":
                    return deleted(state);
                case "RELEASE":
                    return released(state);
                default:
                    break;
            }
        }
        return FailureNotifications.incomplete(state);
    }

    private static Notification active(ItemState state) {
        ChannelSpec spec = state.intent().desired();
        ItemState.StepResult p = state.provision();
        Optional<TableGenerations.Split> split = TableGenerations.split(state.intent());
        // A channel moved to a new table generation splits the data: a human must know where the old rows are.
        MessageDraft draft = MessageDraft.of(state, NotificationKind.CHANNEL_ACTIVE,
                split.isPresent() ? NotificationSeverity.WARNING : NotificationSeverity.INFO,
                "Channel " + channelOf(state) + " is ACTIVE" + (p.adopted() ? " (adopted)" : "")
                        + split.map(x -> " on NEW table " + x.newTable() + " (table split)").orElse(""));
        draft.summary("Topic " + spec.topic() + " now streams into table " + spec.namespace() + "." + spec.table()
                + " in " + spec.infrastructure().tableBucketArn() + ". Data appears after the freshness interval ("
                + spec.freshnessSeconds() + " s); there is no backfill of earlier records: only records produced after the "
                + "channel became active are delivered."
                + (p.adopted() ? " The channel already existed with our ownership tag and the same fingerprint, so it was adopted." : "")
                + split.map(x -> " The rule's table already existed (a channel deleted out of band after it delivered, or a rule "
                        + "added again) and a channel cannot write into an existing table, so this channel created a new one. "
                        + "The old table" + (x.oldTables().size() > 1 ? "s " : " ") + String.join(", ", x.oldTables()) + " keep"
                        + (x.oldTables().size() > 1 ? "" : "s") + " every row already delivered; the new table " + x.newTable()
                        + " starts empty and nothing is backfilled. To query both, create a UNION ALL view: " + x.unionView()).orElse(""));
        split.ifPresent(x -> draft.fact("tableSplit", x.sentence()).fact("previousTables", String.join(", ", x.oldTables())));
        draft.fact("channelArn", p.channelArn())
                .fact("table", spec.namespace() + "." + spec.table())
                .fact("tableBucket", spec.infrastructure().tableBucketArn())
                .fact("freshnessSeconds", String.valueOf(spec.freshnessSeconds()))
                .fact("logGroup", p.logGroup())
                .fact("alarms", String.join(", ", p.alarms()))
                .fact("grants", String.valueOf(p.grants().size()))
                .fact("adopted", String.valueOf(p.adopted()))
                .fact("fingerprint", state.intent().fingerprint());
        draft.action("Check the channel and its conditions", statusCommand(state))
                .action("Describe the table once the first interval has passed (it is created on first delivery)",
                        "aws s3tables get-table --table-bucket-arn " + spec.infrastructure().tableBucketArn()
                                + " --namespace " + spec.namespace() + " --name " + spec.table());
        split.ifPresent(x -> draft.action("Query the old and the new table together (Athena or any Iceberg engine)", x.unionView()));
        return draft.build();
    }

    private static Notification updated(ItemState state) {
        ChannelSpec spec = state.intent().desired();
        int before = state.intent().existing() == null ? 0 : state.intent().existing().freshnessSeconds();
        MessageDraft draft = MessageDraft.of(state, NotificationKind.CHANNEL_UPDATED, NotificationSeverity.INFO,
                "Channel " + channelOf(state) + " freshness is now " + spec.freshnessSeconds() + " s");
        draft.summary("dataFreshnessInSeconds changed" + (before > 0 ? " from " + before + " s" : "") + " to "
                + spec.freshnessSeconds() + " s (the only updatable field); the DataFreshness alarm threshold follows it.");
        draft.fact("channelArn", state.provision().channelArn())
                .fact("freshnessSeconds", String.valueOf(spec.freshnessSeconds()));
        if (before > 0) {
            draft.fact("previousFreshnessSeconds", String.valueOf(before));
        }
        draft.fact("alarms", String.join(", ", state.provision().alarms()));
        draft.action("Check the channel", statusCommand(state));
        return draft.build();
    }

    private static Notification deleted(ItemState state) {
        MessageDraft draft = MessageDraft.of(state, NotificationKind.CHANNEL_DELETED, NotificationSeverity.INFO,
                "Channel " + channelOf(state) + " deleted; its table is kept");
        boolean recreate = PlanReason.FAILED_RECREATE.name().equals(state.intent().reason());
        draft.summary((recreate ? "The channel was FAILED (terminal) with the desired settings, so it was deleted with its alarms "
                + "to be created again by the next trigger or sweep (recreating is bounded per fingerprint, "
                + FailureHistory.LIMIT_VARIABLE + "). "
                : "The channel is no longer desired (" + state.intent().reason() + ") and was deleted with its alarms. ")
                + "The Iceberg table, its data and its Lake Formation grants are kept; delete the table yourself if it is no "
                + "longer needed.");
        draft.fact("channelArn", state.provision().channelArn())
                .fact("reason", state.intent().reason())
                .fact("alarmsDeleted", String.join(", ", state.provision().alarms()));
        draft.action("Check the channel status", statusCommand(state));
        return draft.build();
    }

    private static Notification released(ItemState state) {
        ItemState.StepResult p = state.provision();
        MessageDraft draft = MessageDraft.of(state, NotificationKind.CHANNEL_RELEASED, NotificationSeverity.INFO,
                "Channel " + channelOf(state) + " released; Channel Pilot no longer manages it");
        draft.summary("The rule says managed=false, so Channel Pilot removed its ownership tags and its alarms from the "
                + "channel and will not touch it again. The channel keeps running; its table and grants are unchanged.");
        draft.fact("channelArn", p.channelArn())
                .fact("reason", state.intent().reason())
                .fact("alarmsDeleted", String.join(", ", p.alarms()));
        draft.action("See the channel's remaining tags", "aws kafka list-tags-for-resource --resource-arn " + p.channelArn())
                .action("Check the recorded status", statusCommand(state));
        return draft.build();
    }

    private static Notification replaced(ItemState state) {
        ChannelSpec spec = state.intent().desired();
        ItemState.StepResult old = state.replaced();
        MessageDraft draft = MessageDraft.of(state, NotificationKind.CHANNEL_REPLACED, NotificationSeverity.INFO,
                "Channel " + old.channelName() + " replaced by " + channelOf(state));
        draft.summary("The approved replacement ran: the new channel is ACTIVE and writes into table " + spec.namespace()
                + "." + spec.table() + "; the old channel was deleted with its alarms and its table is kept. The new table "
                + "starts empty: there is no backfill of records delivered to the old table.");
        draft.fact("channelArn", state.provision() == null ? "" : state.provision().channelArn())
                .fact("replacedChannelArn", old.channelArn())
                .fact("table", spec.namespace() + "." + spec.table())
                .fact("fingerprint", state.intent().fingerprint());
        draft.action("Check the new channel", statusCommand(state));
        return draft.build();
    }

    private static Notification validationRefused(ItemState state) {
        List<ItemState.ValidationFinding> errors = state.validation().errors();
        List<ItemState.ValidationFinding> unchecked = state.validation().unchecked();
        String first = !errors.isEmpty() ? errors.get(0).code() : !unchecked.isEmpty() ? unchecked.get(0).code() : "";
        MessageDraft draft = MessageDraft.of(state, NotificationKind.VALIDATION_REFUSED, NotificationSeverity.WARNING,
                "Channel for " + state.intent().topic() + " refused: " + (first.isEmpty() ? "validation failed" : first));
        StringBuilder summary = new StringBuilder("Nothing was created. ");
        int i = 1;
        for (ItemState.ValidationFinding f : errors) {
            summary.append(i).append(". ").append(f.code()).append(": ").append(f.message()).append(' ');
            draft.fact("error." + i, f.code());
            draft.action(f.code() + ": " + (f.remediation().isEmpty() ? f.message() : f.remediation()), null);
            if (!f.alternatives().isEmpty()) {
                String alternatives = String.join("; ", f.alternatives().stream().map(Troubleshooting::alternative).toList());
                summary.append("(Alternative: ").append(alternatives).append(".) ");
                draft.fact("alternative." + i, String.join(",", f.alternatives()));
                draft.action("Streaming tables cannot serve this (" + f.code() + "); use instead: " + alternatives, null);
            }
            i++;
        }
        int j = 1;
        for (ItemState.ValidationFinding f : unchecked) {
            // An ERROR rule that could not run (e.g. a read was denied) never lets a channel through.
            summary.append("Could not check ").append(f.code()).append(": ").append(f.message()).append(' ');
            draft.fact("unchecked." + j++, f.code());
            draft.action(f.code() + " (not checked): " + (f.remediation().isEmpty() ? f.message() : f.remediation()), null);
        }
        draft.summary(summary.toString().strip());
        draft.fact("errors", String.valueOf(errors.size()));
        draft.action("Fix the tags or the stack parameters, then check again", statusCommand(state));
        return draft.build();
    }

    private static Notification approvalRequired(ItemState state, Optional<ChannelSpec> previous) {
        Intent intent = state.intent();
        String oldFingerprint = intent.existing() == null ? ""
                : OwnershipTags.fingerprint(intent.existing().tags()).orElse("");
        String prefix = intent.fingerprint().length() >= Fingerprint.APPROVAL_PREFIX
                ? Fingerprint.approvalPrefix(intent.fingerprint()) : intent.fingerprint();
        String changed = previous.filter(p -> intent.desired() != null)
                .map(p -> String.join(", ", ChangedFields.between(p, intent.desired())))
                .orElse("");
        MessageDraft draft = MessageDraft.of(state, NotificationKind.APPROVAL_REQUIRED, NotificationSeverity.WARNING,
                "Approval needed to replace channel " + (intent.existing() == null ? channelOf(state) : intent.existing().channelName()));
        draft.summary("A setting that UpdateChannel cannot change was modified"
                + (changed.isEmpty() ? "" : " (" + changed + ")") + ". Applying it means a NEW channel writing into a NEW "
                + "table; the old table keeps its data, the new one starts empty (no backfill), so queries must move to the "
                + "new table. Nothing was changed. To approve, add approve=" + prefix + " to the channel-pilot rule tag "
                + "that selects topic " + intent.topic() + ".");
        draft.fact("oldFingerprint", oldFingerprint)
                .fact("newFingerprint", intent.fingerprint())
                .fact("changedFields", changed.isEmpty() ? "unknown (no recorded spec for the old channel)" : changed)
                .fact("approveTag", "approve=" + prefix);
        if (intent.existing() != null) {
            draft.fact("channelArn", intent.existing().channelArn());
        }
        draft.action("See the rule tags on the cluster", "aws kafka list-tags-for-resource --resource-arn " + intent.clusterArn())
                .action("Append approve=" + prefix + " to the rule's value (keep its other settings)",
                        "aws kafka tag-resource --resource-arn " + intent.clusterArn()
                                + " --tags 'channel-pilot/<rule>=<current settings> approve=" + prefix + "'")
                .action("Check the channel", statusCommand(state));
        return draft.build();
    }

    static String channelOf(ItemState state) {
        return state.intent().channelName();
    }

    static String statusCommand(ItemState state) {
        return "channel-pilot status --cluster " + state.intent().clusterArn() + " --channel " + state.intent().channelName();
    }
}
