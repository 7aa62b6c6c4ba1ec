package io.channelpilot.local.world.cloudwatch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/** Every datapoint published to the local world, per metric, in memory. Thread-safe. */
public final class MetricStore {

    private final Map<MetricKey, List<Datapoint>> series = new ConcurrentHashMap<>();

    void add(MetricKey key, Datapoint point) {
        List<Datapoint> points = series.computeIfAbsent(key, k -> new ArrayList<>());
        synchronized (points) {
            points.add(point);
        }
    }

    public Set<MetricKey> metrics() {
        return Set.copyOf(series.keySet());
    }

    /** Datapoints of one metric, in publication order. */
    public List<Datapoint> datapoints(MetricKey key) {
        List<Datapoint> points = series.get(key);
        if (points == null) {
            return List.of();
        }
        synchronized (points) {
            return List.copyOf(points);
        }
    }

    /**
     * Aggregates one metric into periods aligned to the epoch (as CloudWatch aligns them for periods that divide a
     * day), keeping only periods that hold data: {@code [from, to)} bucket start to statistic value. A non-null
     * {@code unit} keeps only datapoints published with that unit, as CloudWatch does.
     */
    NavigableMap<Instant, Double> aggregate(MetricKey key, Instant from, Instant to, long periodSeconds,
                                            Statistic statistic, String unit) {
        NavigableMap<Instant, List<Datapoint>> buckets = new TreeMap<>();
        for (Datapoint p : datapoints(key)) {
            if (p.timestamp().isBefore(from) || !p.timestamp().isBefore(to)
                    || (unit != null && !unit.equals(p.unit()))) {
                continue;
            }
            buckets.computeIfAbsent(bucketStart(p.timestamp(), periodSeconds), b -> new ArrayList<>()).add(p);
        }
        NavigableMap<Instant, Double> out = new TreeMap<>();
        buckets.forEach((start, points) -> out.put(start, statistic.of(points)));
        return out;
    }

    static Instant bucketStart(Instant t, long periodSeconds) {
        return Instant.ofEpochSecond(Math.floorDiv(t.getEpochSecond(), periodSeconds) * periodSeconds);
    }
}
