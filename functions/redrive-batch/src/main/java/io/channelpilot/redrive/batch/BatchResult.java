package io.channelpilot.redrive.batch;

import io.channelpilot.redrive.RedriveCounters;
import java.util.List;

/**
 * What one batch did (the Map child's output; Summarise reads the task's summed counters, not these).
 *
 * @param outcome        PROCESSED, ALREADY_REPORTED (a retry after the batch had reported), TASK_NOT_ACTIVE (cancelled
 *                       or finished before the batch started), STOPPED_CANCELLED (cancelled mid-batch)
 * @param poisonSamples  up to 10 {@code topic/partition/offset} stopped by the loop guard
 * @param quarantined    up to 10 DLQ object keys the parser could not read
 */
public record BatchResult(String taskId, String batchKey, String outcome, RedriveCounters counters,
                          List<String> poisonSamples, List<String> quarantined) {

    public BatchResult {
        poisonSamples = List.copyOf(poisonSamples);
        quarantined = List.copyOf(quarantined);
    }
}
