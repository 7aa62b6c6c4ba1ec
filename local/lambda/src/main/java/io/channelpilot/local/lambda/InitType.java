package io.channelpilot.local.lambda;

import java.util.Locale;

/**
 * How an instance initialises: {@code AWS_LAMBDA_INITIALIZATION_TYPE} as Lambda sets it. {@link #ON_DEMAND}: init, then
 * invokes. {@link #SNAP_START}: init, then the runtime runs the CRaC {@code beforeCheckpoint} hooks and asks
 * {@code /runtime/restore/next} (the snapshot is taken while that request is held), then {@code afterRestore}, then
 * invokes — what a published SnapStart version does when it is restored.
 */
public enum InitType {
    ON_DEMAND,
    SNAP_START;

    /** The variable's value: {@code on-demand} or {@code snap-start}. */
    public String variable() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
