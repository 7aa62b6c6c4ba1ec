package io.channelpilot.notify;

/** What a notification is about; also an SNS message attribute for subscription filter policies. */
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
    UNMANAGED_CHANNEL
}
