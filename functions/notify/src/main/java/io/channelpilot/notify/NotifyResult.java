package io.channelpilot.notify;

/** Task output at {@code $.notification}: what was sent (never the message body). */
public record NotifyResult(String kind, String severity, String title, String messageId) {
}
