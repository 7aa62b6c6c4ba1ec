package io.channelpilot.redrive.batch.gateway;

import io.channelpilot.model.AsciiNumbers;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Headers on every re-produced record (DESIGN §7): {@code channel-pilot-redrive-of} = {@code topic/partition/offset}
 * of the original, {@code channel-pilot-redrive-count} = the original's count + 1 (the loop guard reads it), and
 * {@code channel-pilot-redrive-task} = the task id (a retried batch recognises its own copies by it). The original's
 * other headers are kept.
 */
public final class RedriveHeaders {

    public static final String REDRIVE_OF = "channel-pilot-redrive-of";
    public static final String REDRIVE_COUNT = "channel-pilot-redrive-count";
    public static final String REDRIVE_TASK = "channel-pilot-redrive-task";

    private RedriveHeaders() {
    }

    /** The original's redrive count; 0 when absent or unreadable. */
    public static int count(SourceRecord original) {
        String v = original.header(REDRIVE_COUNT);
        if (v == null) {
            return 0;
        }
        try {
            return Math.max(0, AsciiNumbers.requireInt(v.trim()));
        } catch (NumberFormatException unreadable) {
            return 0;
        }
    }

    public static List<Map.Entry<String, byte[]>> forCopy(SourceRecord original, String taskId) {
        List<Map.Entry<String, byte[]>> out = new ArrayList<>();
        for (Map.Entry<String, byte[]> h : original.headers()) {
            if (!h.getKey().equals(REDRIVE_OF) && !h.getKey().equals(REDRIVE_COUNT) && !h.getKey().equals(REDRIVE_TASK)) {
                out.add(h);
            }
        }
        out.add(entry(REDRIVE_OF, original.topic() + "/" + original.partition() + "/" + original.offset()));
        out.add(entry(REDRIVE_COUNT, Integer.toString(count(original) + 1)));
        out.add(entry(REDRIVE_TASK, taskId));
        return out;
    }

    private static Map.Entry<String, byte[]> entry(String k, String v) {
        return new AbstractMap.SimpleImmutableEntry<>(k, v.getBytes(StandardCharsets.UTF_8));
    }
}
