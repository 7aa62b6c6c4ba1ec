package io.channelpilot.notification;

import java.util.Locale;

/**
 * What a notification is about; also an SNS message attribute for subscription filter policies. Every kind has its
 * section in {@code docs/runbook.md} (what it means, what was already done, what to run), which
 * {@link Notification#runbook()} links to.
 */
public enum NotificationKind {
    CHANNEL_ACTIVE,
    CHANNEL_UPDATED,
    CHANNEL_DELETED,
    CHANNEL_REPLACED,
    CHANNEL_RELEASED,
    VALIDATION_REFUSED,
    APPROVAL_REQUIRED,
    CHANNEL_FAILED,
    CHANNEL_TIMEOUT,
    PROVISIONING_ERROR,
    DLQ_TRIAGE,
    DATA_FRESHNESS,
    ALARM_RESOLVED,
    REDRIVE_STARTED,
    REDRIVE_FINISHED,
    POISON_RECORDS,
    RETENTION_RISK,
    SWEEP_SUMMARY,
    /** A rule selects a topic whose channel carries no ownership tag of this stack: left alone (refusal, issue 15). */
    UNMANAGED_CHANNEL,
    /** Tags that apply to a topic (or the cluster's tag set) have problems: nothing created, changed or deleted. */
    TAG_CONTRACT_ERROR,
    /** A tag key looks like a Channel Pilot key but is not read ({@code channel-pilot:x}, {@code channelpilot/x}, ...). */
    TAG_KEY_HINT,
    /** resolve-intents could not resolve a trigger (malformed event, unknown cluster, read denied): nothing planned. */
    TRIGGER_REJECTED,
    /** A cluster with Channel Pilot tags is outside the stack's AllowedClusters guardrail: its tags are ignored. */
    CLUSTER_NOT_ALLOWED;

    /** The runbook every notification links to. */
    public static final String RUNBOOK_DOCUMENT = "docs/runbook.md";

    /** This kind's section: {@code docs/runbook.md#<kind in lower case>} (the section heading is the kind's name). */
    public String runbook() {
        return RUNBOOK_DOCUMENT + "#" + name().toLowerCase(Locale.ROOT);
    }
}
