package io.channelpilot.redrive.batch;

import io.channelpilot.redrive.RedriveCounters;
import java.util.ArrayList;
import java.util.List;

/** Mutable per-batch counters (one worker thread), reported once at the end of the batch. */
final class Tally {

    long objects;
    long seen;
    long reproduced;
    long parked;
    long skipped;
    long expired;
    long failed;
    long poison;
    final List<String> poisonSamples = new ArrayList<>();
    final List<String> quarantined = new ArrayList<>();

    void parked(String reason, String id) {
        parked++;
        if (RecordDecider.POISON.equals(reason)) {
            poison++;
            if (poisonSamples.size() < 10) {
                poisonSamples.add(id);
            }
        }
    }

    RedriveCounters counters() {
        return new RedriveCounters(objects, seen, reproduced, parked, skipped, expired, failed, poison);
    }
}
