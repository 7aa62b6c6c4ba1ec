package io.channelpilot.poll;

/** What the poll waits for: the channel ACTIVE (after create/update) or gone (after delete). */
public enum PollMode {
    ACTIVE,
    DELETED
}
