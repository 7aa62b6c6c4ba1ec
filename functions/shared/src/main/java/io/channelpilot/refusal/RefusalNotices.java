package io.channelpilot.refusal;

import io.channelpilot.model.ClusterArn;
import io.channelpilot.notification.MessageDraft;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.notification.NotificationSeverity;
import io.channelpilot.spec.TagKeyHints;

/**
 * The owner's message for a {@link Refusal}: the code(s), the tag(s) and the fix, what was (not) done, and the exact
 * commands to look closer ({@code channel-pilot plan}, {@code channel-pilot status}). Pure; identifiers and codes only.
 */
final class RefusalNotices {

    private RefusalNotices() {
    }

    public static Notification of(Refusal r) {
        Refusal.Problem first = r.problems().get(0);
        MessageDraft draft = new MessageDraft(r.kind(), severity(r), title(r), r.clusterArn(), r.topic(), r.channel(), r.owner(),
                r.correlationId());
        StringBuilder summary = new StringBuilder(r.summary());
        int i = 1;
        for (Refusal.Problem p : r.problems()) {
            summary.append(' ').append(i).append(". ").append(p.code());
            if (!p.tag().isEmpty() || !p.field().isEmpty()) {
                summary.append(" (").append(String.join(", ", java.util.stream.Stream.of(p.tag(), p.field())
                        .filter(s -> !s.isEmpty()).toList())).append(')');
            }
            summary.append(": ").append(p.message());
            draft.fact("code." + i, p.code());
            if (!p.tag().isEmpty()) {
                draft.fact("tag." + i, p.tag());
            }
            if (!p.field().isEmpty()) {
                draft.fact((r.kind() == NotificationKind.TRIGGER_REJECTED ? "field." : "setting.") + i, p.field());
            }
            if (!p.remediation().isEmpty()) {
                draft.action(p.code() + ": " + p.remediation(), command(r, p));
            }
            i++;
        }
        draft.summary(summary.toString().strip()).fact("problems", String.valueOf(r.problems().size()));
        if (r.kind() == NotificationKind.TAG_KEY_HINT) {
            TagKeyHints.suggestion(first.tag()).ifPresent(s -> draft.fact("rightSpelling", s));
        }
        if (!r.clusterArn().isEmpty() && r.kind() != NotificationKind.CLUSTER_NOT_ALLOWED) {
            draft.action("See every code Channel Pilot would report for the cluster (read-only)", "channel-pilot plan --cluster "
                    + r.clusterArn() + (r.topic().isEmpty() ? "" : " --topic " + r.topic()));
            draft.action("See the refusal as a status condition", "channel-pilot status --cluster " + r.clusterArn());
        } else if (r.kind() == NotificationKind.TRIGGER_REJECTED) {
            draft.action("Converge from current state instead (the sweep re-reads every allowed cluster)", "channel-pilot reconcile");
        }
        return draft.build();
    }

    private static String title(Refusal r) {
        String codes = String.join(", ", r.codes());
        return switch (r.kind()) {
            case TAG_CONTRACT_ERROR -> (r.topic().isEmpty() ? "Tags of cluster " + clusterName(r) : "Tags for topic " + r.topic())
                    + " refused: " + codes;
            case TAG_KEY_HINT -> "Tag key " + r.problems().get(0).tag() + " is ignored"
                    + TagKeyHints.suggestion(r.problems().get(0).tag()).map(s -> ": did you mean " + s + "?").orElse("");
            case UNMANAGED_CHANNEL -> "Topic " + r.topic() + " has channel " + r.channel() + ", which Channel Pilot does not manage";
            case TRIGGER_REJECTED -> "Trigger rejected: " + codes + (r.problems().get(0).field().isEmpty() ? ""
                    : " at " + r.problems().get(0).field());
            case CLUSTER_NOT_ALLOWED -> "Cluster " + clusterName(r) + " is outside AllowedClusters: its tags are ignored";
            default -> throw new IllegalStateException("not a refusal kind: " + r.kind());
        };
    }

    private static NotificationSeverity severity(Refusal r) {
        boolean denied = r.problems().stream().anyMatch(p -> p.code().equals("READ_DENIED"));
        return denied ? NotificationSeverity.CRITICAL : NotificationSeverity.WARNING;
    }

    /** The exact command that applies a look-alike key's fix (the AWS CLI), else none. */
    private static String command(Refusal r, Refusal.Problem p) {
        if (r.kind() != NotificationKind.TAG_KEY_HINT || r.clusterArn().isEmpty() || p.tag().contains(":")) {
            return null;
        }
        return "aws kafka untag-resource --resource-arn " + r.clusterArn() + " --tag-keys '" + p.tag() + "'";
    }

    private static String clusterName(Refusal r) {
        return ClusterArn.isValid(r.clusterArn()) ? ClusterArn.parse(r.clusterArn()).name() : r.clusterArn();
    }
}
