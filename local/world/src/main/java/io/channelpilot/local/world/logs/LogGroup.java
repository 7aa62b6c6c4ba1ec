package io.channelpilot.local.world.logs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** One log group with its streams. Guarded by the {@link LogStore} monitor. */
final class LogGroup {

    /** One stored event; {@code id} orders events across streams. */
    record Event(long id, String stream, long timestamp, String message, long ingestionTime) {
    }

    final String name;
    final long creationTime;
    final Map<String, String> tags;
    String kmsKeyId;
    Integer retentionInDays;
    final Map<String, List<Event>> streams = new TreeMap<>();
    final Map<String, Long> streamCreation = new LinkedHashMap<>();

    LogGroup(String name, long creationTime, String kmsKeyId, Map<String, String> tags) {
        this.name = name;
        this.creationTime = creationTime;
        this.kmsKeyId = kmsKeyId;
        this.tags = new LinkedHashMap<>(tags);
    }

    List<Event> allEvents() {
        List<Event> out = new ArrayList<>();
        streams.values().forEach(out::addAll);
        out.sort((a, b) -> a.timestamp() != b.timestamp() ? Long.compare(a.timestamp(), b.timestamp())
                : Long.compare(a.id(), b.id()));
        return out;
    }
}
