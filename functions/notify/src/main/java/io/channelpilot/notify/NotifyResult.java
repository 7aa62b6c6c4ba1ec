package io.channelpilot.notify;

import io.channelpilot.notification.NotificationDedupe;
/**
 * Task output at {@code $.notification}: what was sent (never the message body). {@code duplicate} is true when the
 * same notification was already sent for this change ({@link NotificationDedupe}); then nothing was published and
 * {@code messageId} is empty.
 */
record NotifyResult(String kind, String severity, String title, String messageId, boolean duplicate) {

    public NotifyResult(String kind, String severity, String title, String messageId) {
        this(kind, severity, title, messageId, false);
    }
}
