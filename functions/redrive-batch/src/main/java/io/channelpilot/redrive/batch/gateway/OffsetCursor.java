package io.channelpilot.redrive.batch.gateway;

import java.util.OptionalLong;
import io.channelpilot.redrive.batch.gateway.RecordSource;

/**
 * The wanted offsets of one partition during a {@link RecordSource#stream}, consumed in order. The read rule: gaps of
 * up to {@link #MAX_GAP} offsets are read through (one fetch beats a seek and a new fetch round trip), larger gaps are
 * skipped with a seek; nothing at or after {@code end} is read.
 */
final class OffsetCursor {

    static final long MAX_GAP = 100;

    private final long[] offsets;
    private final long end;
    private int next;

    OffsetCursor(long[] offsets, long end) {
        this.offsets = offsets;
        this.end = end;
    }

    boolean exhausted() {
        return next >= offsets.length;
    }

    /** The next wanted offset; only when not {@link #exhausted}. */
    long peek() {
        return offsets[next];
    }

    void advance() {
        next++;
    }

    /** Whether the next wanted offset can still be read (it lies before the end captured at the start). */
    boolean readable() {
        return !exhausted() && offsets[next] < end;
    }

    long end() {
        return end;
    }

    /**
     * Where to seek when the fetch position is {@code position}: empty when the next wanted offset is near enough to
     * read through (or behind the position: the broker reset it after retention, and the records report missing).
     */
    OptionalLong seekFrom(long position) {
        if (!readable()) {
            return OptionalLong.empty();
        }
        long wanted = offsets[next];
        return wanted - position > MAX_GAP ? OptionalLong.of(wanted) : OptionalLong.empty();
    }
}
