package io.channelpilot.local.world.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;

/**
 * Formats the DLQ objects the world writes. UNCONFIRMED: MSK publishes neither the key layout nor the record format
 * (reference §5); this is our layout, documented in docs/local-world-delivery.md:
 * <ul>
 *   <li>key {@code <errorOutputPrefix><channelName>/<yyyy>/<MM>/<dd>/<HH>/<uuid>.jsonl.gz} (UTC, virtual commit
 *       time; the uuid is derived from channel ARN and commit number, so runs are reproducible);</li>
 *   <li>body: gzip of JSON lines, one per record: {@code channelName, clusterName, topic, partition, offset,
 *       timestamp, errorCode, errorMessage, fieldPointer, expected, actual} and {@code payloadBase64} only when
 *       payloads are configured.</li>
 * </ul>
 */
final class DlqObjectWriter {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter HOUR_PATH = DateTimeFormatter.ofPattern("yyyy/MM/dd/HH").withZone(ZoneOffset.UTC);

    private DlqObjectWriter() {
    }

    static String key(DeliveryChannel channel, Instant commitTime, long commitNumber) {
        UUID id = UUID.nameUUIDFromBytes((channel.channelArn() + "#" + commitNumber).getBytes(StandardCharsets.UTF_8));
        return channel.errorOutputPrefix() + channel.channelName() + "/" + HOUR_PATH.format(commitTime) + "/" + id
                + ".jsonl.gz";
    }

    static byte[] body(DeliveryChannel channel, List<DlqRecord> records) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            for (DlqRecord r : records) {
                ObjectNode line = JSON.createObjectNode()
                        .put("channelName", channel.channelName())
                        .put("clusterName", channel.clusterName())
                        .put("topic", r.topic())
                        .put("partition", r.partition())
                        .put("offset", r.offset())
                        .put("timestamp", r.timestamp().toString())
                        .put("errorCode", r.errorCode())
                        .put("errorMessage", r.errorMessage())
                        .put("fieldPointer", r.fieldPointer())
                        .put("expected", r.expected())
                        .put("actual", r.actual());
                r.payload().ifPresent(p -> line.put("payloadBase64", Base64.getEncoder().encodeToString(p)));
                gz.write(JSON.writeValueAsBytes(line));
                gz.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
