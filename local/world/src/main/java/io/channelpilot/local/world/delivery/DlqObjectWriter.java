package io.channelpilot.local.world.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Formats the DLQ objects the world writes. UNCONFIRMED: MSK publishes neither the key layout nor the record format
 * (reference §5); this is our layout, documented in docs/local-world.md#delivery-simulation:
 * <ul>
 *   <li>key {@code <errorOutputPrefix><channelName>/<yyyy>/<MM>/<dd>/<HH>/<uuid><suffix>} (UTC, virtual commit
 *       time; the uuid is derived from channel ARN and commit number, so runs are reproducible; the suffix names
 *       the {@link DlqLayout}: {@code .jsonl.gz} by default);</li>
 *   <li>body per {@link DlqLayout}: by default gzip of JSON lines, one per record: {@code channelName, clusterName,
 *       topic, partition, offset, timestamp, errorCode, errorMessage, fieldPointer, expected, actual} and
 *       {@code payloadBase64} only when payloads are configured.</li>
 * </ul>
 */
final class DlqObjectWriter {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter HOUR_PATH = DateTimeFormatter.ofPattern("yyyy/MM/dd/HH").withZone(ZoneOffset.UTC);

    private DlqObjectWriter() {
    }

    static String key(DeliveryChannel channel, Instant commitTime, long commitNumber, DlqLayout layout) {
        UUID id = UUID.nameUUIDFromBytes((channel.channelArn() + "#" + commitNumber).getBytes(StandardCharsets.UTF_8));
        return channel.errorOutputPrefix() + channel.channelName() + "/" + HOUR_PATH.format(commitTime) + "/" + id
                + layout.suffix();
    }

    static byte[] body(DeliveryChannel channel, List<DlqRecord> records, DlqLayout layout) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = layout.gzip() ? new GZIPOutputStream(bytes) : bytes) {
            boolean array = layout.container() == DlqLayout.Container.JSON_ARRAY;
            out.write(array ? "[\n".getBytes(StandardCharsets.UTF_8) : new byte[0]);
            for (int i = 0; i < records.size(); i++) {
                out.write(JSON.writeValueAsBytes(record(channel, records.get(i), layout)));
                out.write(array && i < records.size() - 1 ? ",\n".getBytes(StandardCharsets.UTF_8) : new byte[]{'\n'});
            }
            out.write(array ? "]\n".getBytes(StandardCharsets.UTF_8) : new byte[0]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * How many records an object the world wrote holds, in any {@link DlqLayout}: the world's own count for its
     * report (the product's parser must not judge its own input); 0 when the body is unreadable.
     */
    static long countRecords(byte[] body) {
        try (InputStream in = body.length > 1 && (body[0] & 0xff) == 0x1f && (body[1] & 0xff) == 0x8b
                ? new GZIPInputStream(new ByteArrayInputStream(body)) : new ByteArrayInputStream(body)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            if (text.startsWith("[")) {
                return JSON.readTree(text).size();
            }
            return text.lines().filter(l -> !l.isBlank()).count();
        } catch (IOException e) {
            return 0;
        }
    }

    private static ObjectNode record(DeliveryChannel channel, DlqRecord r, DlqLayout layout) {
        ObjectNode line = JSON.createObjectNode();
        if (layout.extraFields()) {
            // fields no parser knows: a version, and a nested object with arrays and nulls
            line.put("schemaVersion", 2);
            ObjectNode context = line.putObject("context");
            context.put("attempt", 1);
            context.putArray("labels").add("world").add("seeded");
            context.putObject("nested").putArray("list").add(1).addObject().putNull("x");
        }
        DlqLayout.FieldNames n = layout.names();
        put(line, n.of("channelName"), channel.channelName(), layout);
        put(line, n.of("clusterName"), channel.clusterName(), layout);
        put(line, n.of("topic"), r.topic(), layout);
        parent(line, n.of("partition"), layout).put(leaf(n.of("partition")), r.partition());
        parent(line, n.of("offset"), layout).put(leaf(n.of("offset")), r.offset());
        put(line, n.of("timestamp"), r.timestamp().toString(), layout);
        put(line, n.of("errorCode"), r.errorCode(), layout);
        put(line, n.of("errorMessage"), r.errorMessage(), layout);
        put(line, n.of("fieldPointer"), r.fieldPointer(), layout);
        put(line, n.of("expected"), r.expected(), layout);
        put(line, n.of("actual"), r.actual(), layout);
        r.payload().ifPresent(p -> put(line, n.of("payload"), Base64.getEncoder().encodeToString(p), layout));
        return line;
    }

    private static void put(ObjectNode line, String name, String value, DlqLayout layout) {
        parent(line, name, layout).put(leaf(name), value);
    }

    /** The object a (possibly nested, {@code /a/b}) name lives in, created on first use. */
    private static ObjectNode parent(ObjectNode line, String name, DlqLayout layout) {
        if (!name.startsWith("/")) {
            return line;
        }
        ObjectNode at = line;
        String[] parts = name.substring(1).split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            ObjectNode next = (ObjectNode) at.get(parts[i]);
            if (next == null) {
                next = at.putObject(parts[i]);
                if (layout.extraFields()) {
                    next.put("note", "unknown to any parser");
                }
            }
            at = next;
        }
        return at;
    }

    private static String leaf(String name) {
        return name.substring(name.lastIndexOf('/') + 1);
    }
}
