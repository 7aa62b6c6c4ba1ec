package io.channelpilot.dlq;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Tolerant, streaming reader of DLQ objects (DESIGN §7, reference §5). Accepts JSON lines or one JSON array, gzip or
 * plain — detected from the magic bytes, never from the key. Memory is bounded: JSON lines are read one at a time up to
 * {@link DlqFormat#maxLineBytes()} (longer lines are skipped unbuffered), array elements are walked token by token, and
 * fields that are not wanted (payloads included) are skipped without being materialised.
 *
 * <p>Never throws for bad data: an object that is not DLQ records becomes {@link DlqObjectResult.Quarantined}; a
 * record without partition/offset/topic is counted in {@link DlqObjectResult.Parsed#unparseableRecords()}.
 */
public final class DlqParser {

    private final DlqFormat format;
    private final JsonFactory json;
    private final RecordFields fields;

    public DlqParser(DlqFormat format) {
        this.format = Objects.requireNonNull(format, "format");
        this.json = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(format.maxLineBytes()).build())
                .build();
        this.fields = new RecordFields(format);
    }

    public static DlqParser withDefaults() {
        return new DlqParser(DlqFormat.defaults());
    }

    public DlqFormat format() {
        return format;
    }

    /**
     * Streams the entries of one object to {@code sink}.
     *
     * @param fallbackTopic the channel's topic, used when records carry no topic field (may be null)
     */
    public DlqObjectResult parse(String key, InputStream body, String fallbackTopic, Consumer<DlqEntry> sink) {
        Counter counter = new Counter(sink);
        try (InputStream in = decompressed(new BufferedInputStream(body, 64 * 1024))) {
            int first = firstSignificantByte(in);
            if (first < 0) {
                return new DlqObjectResult.Parsed(key, 0, 0);
            }
            if (first == '[') {
                readArray(in, fallbackTopic, counter);
            } else if (first == '{') {
                readLines(in, fallbackTopic, counter);
            } else {
                return new DlqObjectResult.Quarantined(key, QuarantineReason.NOT_JSON,
                        "first byte 0x" + Integer.toHexString(first) + " is neither '{' nor '['", 0);
            }
        } catch (EOFException e) {
            return new DlqObjectResult.Quarantined(key, QuarantineReason.TRUNCATED, "gzip stream ended early", counter.records);
        } catch (Truncated e) {
            return new DlqObjectResult.Quarantined(key, QuarantineReason.TRUNCATED, e.getMessage(), counter.records);
        } catch (com.fasterxml.jackson.core.io.JsonEOFException e) {
            return new DlqObjectResult.Quarantined(key, QuarantineReason.TRUNCATED, "JSON ended early", counter.records);
        } catch (ZipException e) {
            return new DlqObjectResult.Quarantined(key, QuarantineReason.NOT_JSON, "corrupt gzip: " + e.getMessage(), counter.records);
        } catch (JsonProcessingException e) {
            // A limit breach (nesting depth, e.g. a gzip of megabytes of '[') has no location; its message quotes no input.
            String where = e.getLocation() == null ? "exceeds the parser's nesting/size limits: " + e.getOriginalMessage()
                    : "invalid JSON array at byte " + e.getLocation().getByteOffset();
            return new DlqObjectResult.Quarantined(key, QuarantineReason.NOT_JSON, where, counter.records);
        } catch (IOException e) {
            return new DlqObjectResult.Quarantined(key, QuarantineReason.UNREADABLE, e.getClass().getSimpleName(), counter.records);
        }
        if (counter.records == 0 && counter.unparseable > 0) {
            return new DlqObjectResult.Quarantined(key, QuarantineReason.NO_RECOGNISED_RECORDS,
                    counter.unparseable + " element(s), none with partition and offset/sequence number", 0);
        }
        return new DlqObjectResult.Parsed(key, counter.records, counter.unparseable);
    }

    private static InputStream decompressed(BufferedInputStream in) throws IOException {
        in.mark(2);
        int b1 = in.read();
        int b2 = in.read();
        in.reset();
        return b1 == 0x1f && b2 == 0x8b ? new BufferedInputStream(new GZIPInputStream(in, 64 * 1024), 64 * 1024) : in;
    }

    /** Skips a UTF-8 BOM and whitespace; leaves the stream at the significant byte; -1 when empty. */
    private static int firstSignificantByte(InputStream in) throws IOException {
        while (true) {
            in.mark(1);
            int b = in.read();
            if (b < 0) {
                return -1;
            }
            if (b == 0xEF || b == 0xBB || b == 0xBF || b == ' ' || b == '\n' || b == '\r' || b == '\t') {
                continue;
            }
            in.reset();
            return b;
        }
    }

    private void readLines(InputStream in, String fallbackTopic, Counter counter) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(4096);
        boolean tooLong = false;
        byte[] buf = new byte[64 * 1024];
        int n;
        while ((n = in.read(buf)) >= 0) {
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (buf[i] == '\n') {
                    tooLong = append(line, tooLong, buf, start, i - start);
                    acceptLine(line, tooLong, fallbackTopic, counter);
                    line.reset();
                    tooLong = false;
                    start = i + 1;
                }
            }
            tooLong = append(line, tooLong, buf, start, n - start);
        }
        acceptLine(line, tooLong, fallbackTopic, counter);
    }

    /** Appends unless the line is already over the limit; returns whether it is (then the line is dropped). */
    private boolean append(ByteArrayOutputStream line, boolean tooLong, byte[] buf, int off, int len) {
        if (tooLong || line.size() + len > format.maxLineBytes()) {
            line.reset();
            return true;
        }
        line.write(buf, off, len);
        return false;
    }

    private void acceptLine(ByteArrayOutputStream line, boolean tooLong, String fallbackTopic, Counter counter) {
        if (tooLong) {
            counter.unparseable++;
            return;
        }
        byte[] bytes = line.toByteArray();
        if (isBlank(bytes)) {
            return;
        }
        try (JsonParser p = json.createParser(bytes)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                counter.unparseable++;
                return;
            }
            counter.accept(fields.read(p, fallbackTopic));
        } catch (IOException e) {
            counter.unparseable++;
        }
    }

    private void readArray(InputStream in, String fallbackTopic, Counter counter) throws IOException {
        try (JsonParser p = json.createParser(in)) {
            p.nextToken();
            JsonToken t;
            while ((t = next(p)) != JsonToken.END_ARRAY) {
                if (t == JsonToken.START_OBJECT) {
                    counter.accept(fields.read(p, fallbackTopic));
                } else {
                    p.skipChildren();
                    counter.unparseable++;
                }
            }
        }
    }

    private static JsonToken next(JsonParser p) throws IOException {
        try {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new Truncated("JSON array not closed");
            }
            return t;
        } catch (com.fasterxml.jackson.core.io.JsonEOFException e) {
            throw new Truncated("JSON array ended early");
        }
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte x : bytes) {
            if (x != ' ' && x != '\r' && x != '\t') {
                return false;
            }
        }
        return true;
    }

    private static final class Truncated extends IOException {
        Truncated(String message) {
            super(message);
        }
    }

    private static final class Counter {
        private final Consumer<DlqEntry> sink;
        long records;
        long unparseable;

        Counter(Consumer<DlqEntry> sink) {
            this.sink = sink;
        }

        void accept(Optional<DlqEntry> entry) {
            if (entry.isPresent()) {
                records++;
                sink.accept(entry.get());
            } else {
                unparseable++;
            }
        }
    }
}
