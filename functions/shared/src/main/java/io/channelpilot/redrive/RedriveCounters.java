package io.channelpilot.redrive;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Progress of a task, summed from every batch with DynamoDB {@code ADD} (atomic, order-free). Each DLQ entry ends in
 * exactly one of reproduced, parked, skippedAlreadyDone, expired or failed; {@code poison} is the subset of parked
 * stopped by the loop guard. In a dry run the same counters say what would have happened.
 */
public record RedriveCounters(long objects, long recordsSeen, long reproduced, long parked, long skippedAlreadyDone,
                              long expired, long failed, long poison) {

    public static final RedriveCounters ZERO = new RedriveCounters(0, 0, 0, 0, 0, 0, 0, 0);

    public RedriveCounters plus(RedriveCounters o) {
        return new RedriveCounters(objects + o.objects, recordsSeen + o.recordsSeen, reproduced + o.reproduced,
                parked + o.parked, skippedAlreadyDone + o.skippedAlreadyDone, expired + o.expired, failed + o.failed,
                poison + o.poison);
    }

    /** Attribute name → value, in a stable order (DynamoDB attributes, notification facts, CLI output). */
    @JsonIgnore
    public Map<String, Long> asMap() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("objects", objects);
        m.put("recordsSeen", recordsSeen);
        m.put("reproduced", reproduced);
        m.put("parked", parked);
        m.put("skippedAlreadyDone", skippedAlreadyDone);
        m.put("expired", expired);
        m.put("failed", failed);
        m.put("poison", poison);
        return m;
    }

    public static RedriveCounters fromMap(Map<String, Long> m) {
        return new RedriveCounters(m.getOrDefault("objects", 0L), m.getOrDefault("recordsSeen", 0L),
                m.getOrDefault("reproduced", 0L), m.getOrDefault("parked", 0L),
                m.getOrDefault("skippedAlreadyDone", 0L), m.getOrDefault("expired", 0L),
                m.getOrDefault("failed", 0L), m.getOrDefault("poison", 0L));
    }

    @JsonIgnore
    public boolean isZero() {
        return equals(ZERO);
    }
}
