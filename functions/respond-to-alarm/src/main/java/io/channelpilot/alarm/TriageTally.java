package io.channelpilot.alarm;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.dlq.DlqEntry;
import io.channelpilot.dlq.DlqObjectResult;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Accumulates DLQ entries into a {@link TriageReport} in bounded memory: a fixed number of samples and field paths per
 * cause, one offset range per partition. Keeps no error message (it may quote values on the real service).
 */
final class TriageTally implements Consumer<DlqEntry> {

    static final int MAX_SAMPLES = 5;
    static final int MAX_FIELD_PATHS = 10;

    private final Map<DlqCause, long[]> counts = new EnumMap<>(DlqCause.class);
    private final Map<DlqCause, Set<String>> samples = new EnumMap<>(DlqCause.class);
    private final Map<DlqCause, Set<String>> paths = new EnumMap<>(DlqCause.class);
    private final Map<Integer, long[]> ranges = new TreeMap<>();
    private final Map<DlqCause, Instant[]> times = new EnumMap<>(DlqCause.class);
    private final List<TriageReport.QuarantinedObject> quarantined = new ArrayList<>();
    private long objects;
    private long records;
    private long unparseable;
    private Instant oldest;
    private String lastKey = "";

    @Override
    public void accept(DlqEntry e) {
        DlqCause cause = e.cause();
        counts.computeIfAbsent(cause, c -> new long[1])[0]++;
        Set<String> s = samples.computeIfAbsent(cause, c -> new LinkedHashSet<>());
        if (s.size() < MAX_SAMPLES) {
            s.add(e.location());
        }
        Set<String> p = paths.computeIfAbsent(cause, c -> new LinkedHashSet<>());
        if (!e.fieldPointer().isEmpty() && p.size() < MAX_FIELD_PATHS) {
            p.add(e.fieldPointer());
        }
        long[] r = ranges.computeIfAbsent(e.partition(), k -> new long[]{Long.MAX_VALUE, Long.MIN_VALUE, 0});
        r[0] = Math.min(r[0], e.offset());
        r[1] = Math.max(r[1], e.offset());
        r[2]++;
        e.timestamp().ifPresent(t -> {
            oldest = oldest == null || t.isBefore(oldest) ? t : oldest;
            Instant[] span = times.computeIfAbsent(cause, c -> new Instant[]{t, t});
            span[0] = t.isBefore(span[0]) ? t : span[0];
            span[1] = t.isAfter(span[1]) ? t : span[1];
        });
    }

    void object(DlqObjectResult result, String quarantineKey) {
        objects++;
        if (result.key().compareTo(lastKey) > 0) {
            lastKey = result.key();
        }
        records += result.records();
        if (result instanceof DlqObjectResult.Parsed p) {
            unparseable += p.unparseableRecords();
        } else if (result instanceof DlqObjectResult.Quarantined q) {
            quarantined.add(new TriageReport.QuarantinedObject(q.key(), q.reason(), quarantineKey));
        }
    }

    TriageReport report() {
        List<TriageReport.CauseCount> causes = new ArrayList<>();
        counts.forEach((cause, n) -> {
            Optional<Instant[]> span = Optional.ofNullable(times.get(cause));
            causes.add(new TriageReport.CauseCount(cause, n[0], List.copyOf(samples.get(cause)),
                    List.copyOf(paths.get(cause)), span.map(t -> t[0]), span.map(t -> t[1])));
        });
        Map<Integer, TriageReport.OffsetRange> parts = new TreeMap<>();
        ranges.forEach((p, r) -> parts.put(p, new TriageReport.OffsetRange(r[0], r[1], r[2])));
        return new TriageReport(objects, records, unparseable, causes, parts, quarantined,
                Optional.ofNullable(oldest), lastKey);
    }
}
