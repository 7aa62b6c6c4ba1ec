package io.channelpilot.local.world.msk;

import java.time.Instant;

/**
 * The asynchronous operation behind a channel Create/Update/Delete. Its state is computed from the clock: in progress
 * until {@code end} (never when null: a "stuck" channel), then complete or failed.
 * UNCONFIRMED: AWS does not document the operation type strings for channel operations; we use
 * {@code CREATE_CHANNEL}, {@code UPDATE_CHANNEL}, {@code DELETE_CHANNEL}. States are the cluster-operation values
 * ({@code UPDATE_IN_PROGRESS}, {@code UPDATE_COMPLETE}, {@code UPDATE_FAILED}).
 */
record ClusterOperation(String arn, String clusterArn, String clusterType, String type, Instant start, Instant end,
                        StateInfo failure) {

    String state(Instant now) {
        if (end == null || now.isBefore(end)) {
            return "UPDATE_IN_PROGRESS";
        }
        return failure == null ? "UPDATE_COMPLETE" : "UPDATE_FAILED";
    }

    boolean ended(Instant now) {
        return end != null && !now.isBefore(end);
    }
}
