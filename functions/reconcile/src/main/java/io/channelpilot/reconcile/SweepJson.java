package io.channelpilot.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.InputStream;

/** The sweep's JSON: one mapper (ISO instants) for the handler's input and report, and for SnapStart priming. */
final class SweepJson {

    static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private SweepJson() {
    }

    /** Unparseable bytes become a non-object node, which the parser turns into INPUT_NOT_OBJECT (never a throw). */
    static JsonNode read(InputStream input) {
        try {
            JsonNode node = MAPPER.readTree(input);
            return node == null ? MAPPER.nullNode() : node;
        } catch (IOException e) {
            return MAPPER.getNodeFactory().textNode("<not JSON>");
        }
    }
}
