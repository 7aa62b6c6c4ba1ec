package io.channelpilot.resolve;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.refusal.Refusal;
import io.channelpilot.spec.TagKeyHints;
import java.util.List;

/**
 * The refusals resolve-intents raises from the trigger itself (issue 15): a trigger it could not resolve
 * ({@link ResolveError} → TRIGGER_REJECTED, so a malformed {@code detail} never ends SUCCEEDED in silence), and a
 * TagResource that MSK rejected because a key looks like a Channel Pilot key but is not one ({@code channel-pilot:orders}:
 * the key never reaches the cluster, so only the CloudTrail record of the failed call can tell the owner).
 */
final class TriggerRefusals {

    private TriggerRefusals() {
    }

    /** @param id the trigger's event id; when it has none, a digest of the trigger so duplicates still collapse */
    static Refusal rejected(ResolveError error, String clusterArn, String id, JsonNode trigger) {
        String eventId = id.isEmpty() ? "digest-" + NotificationDedupe.digest(String.valueOf(trigger)).substring(0, 16) : id;
        return new Refusal(NotificationKind.TRIGGER_REJECTED, clusterArn, "", "", "",
                "resolve-intents could not resolve trigger " + eventId + describe(trigger) + ", so nothing was planned for it; "
                        + "the execution ends FAILED (io.channelpilot.workflow.TriggerRejected).",
                List.of(new Refusal.Problem(error.code().name(), "", error.field(), error.message(), error.remediation())), eventId,
                true);
    }

    /** Look-alike keys of a failed TagResource; empty when the call succeeded or every key is ours or unrelated. */
    static List<Refusal> rejectedLookalikes(Trigger.TagEvent event) {
        if (event.errorCode().isEmpty()) {
            return List.of();
        }
        return event.changedKeys().stream().flatMap(k -> TagKeyHints.check(k).stream())
                .map(p -> new Refusal(NotificationKind.TAG_KEY_HINT, event.clusterArn(), "", "", "",
                        "MSK rejected the TagResource call on " + event.resourceArn() + " (" + event.errorCode() + "), which set '"
                                + p.tag() + "': " + p.message() + ".",
                        List.of(new Refusal.Problem(p.code().name(), p.tag(), "", p.message(), p.remediation())), event.id(), true))
                .toList();
    }

    private static String describe(JsonNode trigger) {
        if (trigger == null || !trigger.isObject()) {
            return "";
        }
        String source = TriggerParser.text(trigger, "source");
        String type = TriggerParser.text(trigger, "detail-type");
        return source.isEmpty() ? "" : " (" + source + (type.isEmpty() ? "" : " " + type) + ")";
    }
}
