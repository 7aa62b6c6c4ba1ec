package io.channelpilot.redrive.batch.gateway;

import java.util.List;
import java.util.Map;

/** One record re-read from Kafka: key, value and headers (in order). Never logged. */
public record SourceRecord(String topic, int partition, long offset, byte[] key, byte[] value,
                           List<Map.Entry<String, byte[]>> headers) {

    public SourceRecord {
        headers = List.copyOf(headers == null ? List.of() : headers);
    }

    /** The last value of a header as UTF-8 text, or null. */
    public String header(String name) {
        String found = null;
        for (Map.Entry<String, byte[]> h : headers) {
            if (h.getKey().equals(name) && h.getValue() != null) {
                found = new String(h.getValue(), java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return found;
    }
}
