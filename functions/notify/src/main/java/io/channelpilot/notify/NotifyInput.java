package io.channelpilot.notify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.refusal.Refusal;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The notify task's input. NotifyOutcome task: the whole Map item state → one published notification
 * ({@link NotifyResult}). NotifyRefusals task: {@code {"refusals": [..], "correlationId": ..}} (the ResolveIntents
 * result's refusals) → one deduplicated notification per refusal, answered as
 * {@code {"refusals": [{kind, subject, codes, owner, messageId, duplicate}]}}.
 */
final class NotifyInput {

    private NotifyInput() {
    }

    static JsonNode read(ObjectMapper mapper, InputStream input) {
        try {
            return mapper.readTree(input);
        } catch (IOException e) {
            throw new UncheckedIOException("task input is not JSON", e);
        }
    }

    /** NotifyRefusals sends {@code {"refusals": [..], "correlationId": ..}}; an item state always has an intent. */
    static boolean isRefusals(JsonNode in) {
        return in.has("refusals") && !in.has("intent");
    }

    static List<Refusal> refusals(ObjectMapper mapper, JsonNode in) {
        try {
            return mapper.readerForListOf(Refusal.class).readValue(in.get("refusals"));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("refusals: not a list of refusals (" + e.getMessage() + ")", e);
        }
    }
}
