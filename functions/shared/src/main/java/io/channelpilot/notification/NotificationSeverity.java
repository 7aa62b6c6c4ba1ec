package io.channelpilot.notification;

/** How urgently a human should look; an SNS message attribute. */
public enum NotificationSeverity {
    INFO,
    WARNING,
    CRITICAL
}
