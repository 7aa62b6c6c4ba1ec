package io.channelpilot.redrive;

import java.util.Objects;

/**
 * One ledger item {@code LEDGER#<task>#<topic>/<partition>/<offset>}: what the task did with one original record.
 *
 * @param state           CLAIMED (about to be produced), DONE (broker acknowledged), PARKED or EXPIRED
 * @param batchKey        the Map batch that wrote it (a retry of the same batch recognises its own entries)
 * @param targetPartition partition the copy goes to (the original's partition)
 * @param claimEndOffset  that partition's log-end offset when claimed: a copy, if sent, lies at or after it
 * @param producedOffset  the copy's offset once DONE (-1 otherwise)
 * @param reason          park/expiry reason code ("" otherwise)
 */
public record LedgerEntry(RecordId id, LedgerState state, String batchKey, int targetPartition, long claimEndOffset,
                          long producedOffset, String reason) {

    public LedgerEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(state, "state");
        batchKey = batchKey == null ? "" : batchKey;
        reason = reason == null ? "" : reason;
    }

    public enum LedgerState { CLAIMED, DONE, PARKED, EXPIRED }

    public static LedgerEntry claimed(RecordId id, String batchKey, int partition, long endOffset) {
        return new LedgerEntry(id, LedgerState.CLAIMED, batchKey, partition, endOffset, -1, "");
    }

    public static LedgerEntry settled(RecordId id, LedgerState state, String batchKey, String reason) {
        return new LedgerEntry(id, state, batchKey, id.partition(), -1, -1, reason);
    }
}
