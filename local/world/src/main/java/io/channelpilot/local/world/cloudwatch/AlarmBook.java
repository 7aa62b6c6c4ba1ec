package io.channelpilot.local.world.cloudwatch;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Alarms by name (sorted, as DescribeAlarms lists them) and tags by ARN. Callers hold the emulator's lock. */
final class AlarmBook {

    private final TreeMap<String, MetricAlarm> alarms = new TreeMap<>();
    private final Map<String, Map<String, String>> tags = new TreeMap<>();

    synchronized Optional<MetricAlarm> alarm(String name) {
        return Optional.ofNullable(alarms.get(name));
    }

    synchronized List<MetricAlarm> all() {
        return List.copyOf(alarms.values());
    }

    /** Stores the alarm; {@code newTags} null keeps the existing tags. */
    synchronized void put(MetricAlarm alarm, Map<String, String> newTags) {
        alarms.put(alarm.alarmName(), alarm);
        if (newTags != null) {
            tags.put(alarm.alarmArn(), new TreeMap<>(newTags));
        }
    }

    synchronized void replace(MetricAlarm alarm) {
        alarms.put(alarm.alarmName(), alarm);
    }

    synchronized void remove(String name) {
        MetricAlarm removed = alarms.remove(name);
        if (removed != null) {
            tags.remove(removed.alarmArn());
        }
    }

    synchronized Optional<Map<String, String>> tags(String arn) {
        return Optional.ofNullable(tags.get(arn)).map(Map::copyOf);
    }

    synchronized void tag(String arn, Map<String, String> add) {
        tags.computeIfAbsent(arn, a -> new TreeMap<>()).putAll(add);
    }

    synchronized void untag(String arn, List<String> keys) {
        Map<String, String> t = tags.get(arn);
        if (t != null) {
            keys.forEach(t::remove);
        }
    }
}
