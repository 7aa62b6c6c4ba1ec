package io.channelpilot.redrive;

/**
 * Life of a redrive task. PENDING (task stored, execution not yet running) and RUNNING hold the channel's
 * one-active-task lock; the three terminal states release it.
 */
public enum TaskState {
    PENDING,
    RUNNING,
    SUCCEEDED,
    FAILED,
    CANCELLED;

    public boolean isActive() {
        return this == PENDING || this == RUNNING;
    }
}
