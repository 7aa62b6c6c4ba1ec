package io.channelpilot.refusal;

import io.channelpilot.notification.NotificationKind;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Plan;
import io.channelpilot.plan.PlanOutcome;
import io.channelpilot.plan.Skip;
import io.channelpilot.plan.SkipReason;
import io.channelpilot.spec.ClusterRules;
import io.channelpilot.spec.TagParser;
import io.channelpilot.spec.TagProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The refusals of one plan (shared by resolve-intents, the reconcile sweep and the CLI, so all three say the same):
 * tag problems of a topic or of the cluster's tag set, look-alike tag keys, and unmanaged channels on topics a rule
 * selects. The guardrail refusal is separate ({@link #guardrail}) because only a change of Channel Pilot tags on a
 * cluster outside the guardrail is worth a message (every CreateTopic on such a cluster would be noise).
 */
public final class Refusals {

    private Refusals() {
    }

    /** @param clusterTags the cluster's tags as planned (owners of the rules involved are read from them) */
    public static List<Refusal> of(PlanOutcome outcome, Map<String, String> clusterTags, String correlationId) {
        ClusterRules rules = TagParser.parseCluster(clusterTags == null ? Map.of() : clusterTags);
        List<Refusal> out = new ArrayList<>();
        for (Skip skip : outcome.skipped()) {
            if (skip.reason() == SkipReason.TAG_PROBLEMS && !skip.problems().isEmpty()) {
                out.add(new Refusal(NotificationKind.TAG_CONTRACT_ERROR, skip.clusterArn(), skip.topic(), "", skip.owner(),
                        skip.message(), problems(skip.problems()), correlationId));
            } else if (skip.reason() == SkipReason.TAG_KEY_LOOKALIKE && !skip.problems().isEmpty()) {
                out.add(new Refusal(NotificationKind.TAG_KEY_HINT, skip.clusterArn(), "", "", skip.owner(), skip.message(),
                        problems(skip.problems()), correlationId));
            }
        }
        for (Intent intent : outcome.intents()) {
            if (intent.plan() == Plan.UNMANAGED) {
                out.add(unmanaged(intent, rules.ownerForTopic(intent.topic()), correlationId));
            }
        }
        Map<String, String> tags = clusterTags == null ? Map.of() : clusterTags;
        return out.stream().map(r -> r.withTagValues(tags)).toList();
    }

    /** A cluster outside AllowedClusters whose Channel Pilot tags changed. */
    public static Refusal guardrail(Skip skip, String correlationId) {
        return new Refusal(NotificationKind.CLUSTER_NOT_ALLOWED, skip.clusterArn(), "", "", "", skip.message(),
                List.of(new Refusal.Problem(SkipReason.CLUSTER_NOT_ALLOWED.name(), "", "AllowedClusters", skip.message(),
                        "Add the cluster's ARN to the AllowedClusters stack parameter (sam deploy --parameter-overrides "
                                + "AllowedClusters=...), or remove its channel-pilot/ tags.")), correlationId, true);
    }

    static Refusal unmanaged(Intent intent, String owner, String correlationId) {
        String table = intent.tableKey().isEmpty() ? "" : " (" + intent.tableKey() + ")";
        return new Refusal(NotificationKind.UNMANAGED_CHANNEL, intent.clusterArn(), intent.topic(), intent.channelName(), owner,
                "A rule selects topic '" + intent.topic() + "'" + table + ", but channel " + intent.channelName()
                        + " already serves it without this stack's ownership tag, so Channel Pilot leaves it alone and "
                        + "creates nothing.",
                List.of(new Refusal.Problem(intent.reason(), "", "", intent.message(),
                        "Keep the channel where it is managed (IaC, console, another stack) and add managed=false to the rule "
                                + "to silence this; or delete that channel so Channel Pilot creates its own on the next sweep; "
                                + "or give the rule another table= to provision a second channel.")), correlationId);
    }

    static List<Refusal.Problem> problems(List<TagProblem> problems) {
        return problems.stream().map(p -> new Refusal.Problem(p.code().name(), p.tag(), p.setting(), p.message(), p.remediation()))
                .toList();
    }
}
