package io.channelpilot.redrive;

import io.channelpilot.model.AsciiNumbers;
import java.util.Objects;

/**
 * Where an original record lives in Kafka. Its {@link #text()} form {@code topic/partition/offset} is the value of the
 * {@code channel-pilot-redrive-of} header and the tail of the ledger key. Topic names cannot contain '/', so the last
 * two '/'-separated fields are always partition and offset.
 */
public record RecordId(String topic, int partition, long offset) implements Comparable<RecordId> {

    public RecordId {
        Objects.requireNonNull(topic, "topic");
        if (topic.isBlank() || partition < 0 || offset < 0) {
            throw new IllegalArgumentException("invalid record id " + topic + "/" + partition + "/" + offset);
        }
    }

    public String text() {
        return topic + "/" + partition + "/" + offset;
    }

    public static RecordId parse(String text) {
        int last = text.lastIndexOf('/');
        int mid = last < 0 ? -1 : text.lastIndexOf('/', last - 1);
        if (mid <= 0) {
            throw new IllegalArgumentException("'" + text + "' is not topic/partition/offset");
        }
        try {
            return new RecordId(text.substring(0, mid), AsciiNumbers.requireInt(text.substring(mid + 1, last)),
                    AsciiNumbers.requireLong(text.substring(last + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not topic/partition/offset");
        }
    }

    @Override
    public int compareTo(RecordId o) {
        int c = topic.compareTo(o.topic);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(partition, o.partition);
        return c != 0 ? c : Long.compare(offset, o.offset);
    }

    @Override
    public String toString() {
        return text();
    }
}
