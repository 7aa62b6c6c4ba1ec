package io.channelpilot.alarm;

import io.channelpilot.dlq.DlqObjectResult;
import io.channelpilot.dlq.DlqParser;
import io.channelpilot.dlq.QuarantineReason;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import io.channelpilot.alarm.gateway.AlarmPorts;

/**
 * Reads the DLQ objects of one channel written since its watermark, tallies them and quarantines the unreadable ones.
 *
 * <p>Watermark: S3 lists keys in UTF-8 order, but keys within one "folder" (the local world's
 * {@code <prefix>/yyyy/MM/dd/HH/<uuid>}; the service's layout is UNCONFIRMED) need not be written in key order. So
 * listing restarts after the last triaged key's folder, and keys already triaged in that folder are skipped.
 */
final class DlqTriage {

    /** Bounded so the watermark item stays small; beyond it, objects of one folder may be re-triaged (counted twice). */
    static final int MAX_FOLDER_KEYS = 2_000;

    private final AlarmPorts.DlqObjects objects;
    private final DlqParser parser;
    private final String quarantinePrefix;
    private final Clock clock;

    DlqTriage(AlarmPorts.DlqObjects objects, DlqParser parser, String quarantinePrefix, Clock clock) {
        this.objects = objects;
        this.parser = parser;
        this.quarantinePrefix = quarantinePrefix;
        this.clock = clock;
    }

    /** Result of one run: the report and the watermark to store once the report is. */
    record Run(TriageReport report, AlarmPorts.Watermark next) {
    }

    Run run(ChannelContext ch, AlarmPorts.Watermark from) {
        String startAfter = from.lastKey().isEmpty() ? "" : folderStart(from.lastKey());
        Set<String> done = new LinkedHashSet<>(from.folderKeys());
        List<AlarmPorts.DlqObject> todo = new ArrayList<>();
        objects.list(ch.dlqBucket(), ch.dlqPrefix(), startAfter, o -> {
            if (!done.contains(o.key()) && !o.key().startsWith(quarantinePrefix)) {
                todo.add(o);
            }
        });
        TriageTally tally = new TriageTally();
        for (AlarmPorts.DlqObject o : todo) {
            DlqObjectResult result = read(ch, o.key(), tally);
            String quarantineKey = "";
            if (result instanceof DlqObjectResult.Quarantined) {
                quarantineKey = quarantinePrefix + o.key();
                objects.copy(ch.dlqBucket(), o.key(), quarantineKey);
            }
            tally.object(result, quarantineKey);
        }
        TriageReport report = tally.report();
        return new Run(report, next(from, report.lastKey(), todo));
    }

    private DlqObjectResult read(ChannelContext ch, String key, TriageTally tally) {
        try (InputStream in = objects.open(ch.dlqBucket(), key)) {
            return parser.parse(key, in, ch.topic(), tally);
        } catch (IOException | RuntimeException e) {
            // the bucket refused or failed the read: reported like any unreadable object, never a crashed batch
            return new DlqObjectResult.Quarantined(key, QuarantineReason.UNREADABLE, e.getClass().getSimpleName(), 0);
        }
    }

    private AlarmPorts.Watermark next(AlarmPorts.Watermark from, String lastRead, List<AlarmPorts.DlqObject> read) {
        if (read.isEmpty()) {
            return from;
        }
        String last = lastRead.compareTo(from.lastKey()) > 0 ? lastRead : from.lastKey();
        String folder = folderStart(last);
        LinkedHashSet<String> keys = new LinkedHashSet<>();
        from.folderKeys().stream().filter(k -> k.startsWith(folder)).forEach(keys::add);
        read.stream().map(AlarmPorts.DlqObject::key).filter(k -> k.startsWith(folder)).forEach(keys::add);
        List<String> bounded = new ArrayList<>(keys);
        if (bounded.size() > MAX_FOLDER_KEYS) {
            bounded = bounded.subList(bounded.size() - MAX_FOLDER_KEYS, bounded.size());
        }
        return new AlarmPorts.Watermark(last, bounded, from.version() + 1, clock.instant());
    }

    /** The key's folder ("a/b/" for "a/b/c"); listing StartAfter this string includes every key of the folder. */
    static String folderStart(String key) {
        int slash = key.lastIndexOf('/');
        return slash < 0 ? "" : key.substring(0, slash + 1);
    }
}
