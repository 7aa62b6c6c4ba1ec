package io.channelpilot.retention;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.AsciiNumbers;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.Properties;

/**
 * Reads {@code retention.ms} from the {@code configs} of an MSK DescribeTopic response. UNCONFIRMED (reference §1.3):
 * {@code configs} is Base64 of the topic configs, as a JSON object or as Java-properties text; both are accepted.
 * Shared by triage (respond-to-alarm) and the sweep (reconcile) so both read retention the same way.
 */
public final class TopicConfigs {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TopicConfigs() {
    }

    /** The topic's {@code retention.ms}; empty when absent or unreadable; -1 = unlimited. */
    public static Optional<Long> retentionMs(String base64) {
        if (base64 == null || base64.isEmpty()) {
            return Optional.empty();
        }
        try {
            String text = new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8).trim();
            String value;
            if (text.startsWith("{")) {
                JsonNode node = JSON.readTree(text).path("retention.ms");
                value = node.isMissingNode() || node.isNull() ? null : node.asText();
            } else {
                Properties p = new Properties();
                p.load(new StringReader(text));
                value = p.getProperty("retention.ms");
            }
            return value == null ? Optional.empty() : Optional.of(AsciiNumbers.requireLong(value.trim()));
        } catch (IllegalArgumentException | IOException e) {
            return Optional.empty();
        }
    }
}
