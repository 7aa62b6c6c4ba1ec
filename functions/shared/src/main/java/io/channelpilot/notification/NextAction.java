package io.channelpilot.notification;

import java.util.Objects;

/**
 * One thing the reader can do next: a label and, where there is one, the exact command to run
 * (e.g. {@code channel-pilot redrive start --channel ...}).
 */
public record NextAction(String label, String command) {

    public NextAction {
        Objects.requireNonNull(label, "label");
        if (label.isBlank()) {
            throw new IllegalArgumentException("label must not be blank");
        }
        command = command == null || command.isBlank() ? null : command;
    }

    public static NextAction of(String label) {
        return new NextAction(label, null);
    }

    public static NextAction run(String label, String command) {
        return new NextAction(label, command);
    }
}
