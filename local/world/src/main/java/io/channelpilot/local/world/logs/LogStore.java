package io.channelpilot.local.world.logs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * CloudWatch Logs state: log groups (retention, KMS key, tags), streams and events. Thread-safe (every method
 * synchronises on this). Names and retention values follow the CloudWatch Logs API reference.
 */
public final class LogStore {

    /** PutRetentionPolicy: "Possible values are: 1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096,
     * 1827, 2192, 2557, 2922, 3288, and 3653." */
    public static final Set<Integer> RETENTION_DAYS = Set.of(1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545,
            731, 1096, 1827, 2192, 2557, 2922, 3288, 3653);
    private static final Pattern GROUP_NAME = Pattern.compile("^[.\\-_/#A-Za-z0-9]{1,512}$");
    private static final Pattern STREAM_NAME = Pattern.compile("^[^:*]{1,512}$");

    private final String arnPrefix;
    private final Clock clock;
    private final Map<String, LogGroup> groups = new TreeMap<>();
    private long nextEventId;

    public LogStore(String account, String region, Clock clock) {
        this.arnPrefix = "arn:aws:logs:" + region + ":" + account + ":log-group:";
        this.clock = clock;
    }

    public synchronized void createLogGroup(String name, String kmsKeyId, Map<String, String> tags) {
        if (name == null || !GROUP_NAME.matcher(name).matches()) {
            throw LogsErrors.invalid("logGroupName must be 1-512 characters of letters, digits, '_', '-', '/', '.',"
                    + " '#', was " + name);
        }
        if (groups.containsKey(name)) {
            throw LogsErrors.exists("The specified log group already exists: " + name);
        }
        groups.put(name, new LogGroup(name, clock.millis(), kmsKeyId, tags));
    }

    public synchronized boolean exists(String name) {
        return groups.containsKey(name);
    }

    public synchronized void deleteLogGroup(String name) {
        if (groups.remove(name) == null) {
            throw LogsErrors.notFound("The specified log group does not exist: " + name);
        }
    }

    public synchronized void putRetentionPolicy(String name, Integer days) {
        if (days == null || !RETENTION_DAYS.contains(days)) {
            throw LogsErrors.invalid("1 validation error detected: Value '" + days + "' at 'retentionInDays' failed to"
                    + " satisfy constraint: Member must satisfy enum value set: "
                    + new java.util.TreeSet<>(RETENTION_DAYS));
        }
        group(name).retentionInDays = days;
    }

    public synchronized void associateKmsKey(String name, String kmsKeyId) {
        if (kmsKeyId == null || kmsKeyId.isBlank()) {
            throw LogsErrors.invalid("kmsKeyId is required");
        }
        group(name).kmsKeyId = kmsKeyId;
    }

    public synchronized void createLogStream(String groupName, String streamName) {
        LogGroup g = group(groupName);
        if (streamName == null || !STREAM_NAME.matcher(streamName).matches()) {
            throw LogsErrors.invalid("logStreamName must be 1-512 characters without ':' or '*'");
        }
        if (g.streams.containsKey(streamName)) {
            throw LogsErrors.exists("The specified log stream already exists: " + streamName);
        }
        g.streams.put(streamName, new ArrayList<>());
        g.streamCreation.put(streamName, clock.millis());
    }

    /** Result of PutLogEvents: indexes of rejected events (AWS semantics: too new = more than 2 h ahead). */
    record PutResult(Integer tooNewStart, Integer tooOldEnd, Integer expiredEnd) {
    }

    /** One event of a PutLogEvents request. */
    record InputEvent(long timestamp, String message) {
    }

    synchronized PutResult putLogEvents(String groupName, String streamName, List<InputEvent> events) {
        LogGroup g = group(groupName);
        List<LogGroup.Event> stream = g.streams.get(streamName);
        if (stream == null) {
            throw LogsErrors.notFound("The specified log stream does not exist: " + streamName);
        }
        if (events.isEmpty()) {
            throw LogsErrors.invalid("logEvents must contain at least one event");
        }
        long now = clock.millis();
        Integer tooNew = null;
        Integer tooOld = null;
        Integer expired = null;
        long previous = Long.MIN_VALUE;
        for (int i = 0; i < events.size(); i++) {
            long ts = events.get(i).timestamp();
            if (ts < previous) {
                throw LogsErrors.invalid("Log events in a single PutLogEvents request must be in chronological order.");
            }
            previous = ts;
            if (ts > now + Duration.ofHours(2).toMillis()) {
                tooNew = tooNew == null ? i : tooNew;
                continue;
            }
            if (ts < now - Duration.ofDays(14).toMillis()) {
                tooOld = i;
                continue;
            }
            if (g.retentionInDays != null && ts < now - Duration.ofDays(g.retentionInDays).toMillis()) {
                expired = i;
                continue;
            }
            stream.add(new LogGroup.Event(++nextEventId, streamName, ts, events.get(i).message(), now));
        }
        return new PutResult(tooNew, tooOld, expired);
    }

    /** Appends one event now, creating the stream if needed (the delivery simulation's channel logs). */
    public synchronized void append(String groupName, String streamName, String message) {
        LogGroup g = group(groupName);
        g.streams.computeIfAbsent(streamName, k -> new ArrayList<>())
                .add(new LogGroup.Event(++nextEventId, streamName, clock.millis(), message, clock.millis()));
        g.streamCreation.putIfAbsent(streamName, clock.millis());
    }

    synchronized List<LogGroup.Event> events(String groupName, String streamName) {
        List<LogGroup.Event> stream = group(groupName).streams.get(streamName);
        if (stream == null) {
            throw LogsErrors.notFound("The specified log stream does not exist: " + streamName);
        }
        return List.copyOf(stream);
    }

    synchronized List<LogGroup.Event> allEvents(String groupName) {
        return group(groupName).allEvents();
    }

    synchronized List<LogGroupView> views() {
        return groups.values().stream().map(this::view).toList();
    }

    public synchronized List<LogGroupView> logGroups() {
        return views();
    }

    public synchronized Optional<LogGroupView> logGroup(String name) {
        return Optional.ofNullable(groups.get(name)).map(this::view);
    }

    String arnOf(String name) {
        return arnPrefix + name;
    }

    LogGroup group(String name) {
        LogGroup g = groups.get(name);
        if (g == null) {
            throw LogsErrors.notFound("The specified log group does not exist: " + name);
        }
        return g;
    }

    private LogGroupView view(LogGroup g) {
        long count = g.streams.values().stream().mapToLong(List::size).sum();
        return new LogGroupView(g.name, arnOf(g.name) + ":*", Instant.ofEpochMilli(g.creationTime),
                Optional.ofNullable(g.retentionInDays), Optional.ofNullable(g.kmsKeyId), Map.copyOf(g.tags),
                g.streams.size(), count);
    }
}
