package io.channelpilot.local.world.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Jackson mappers shared by the emulators (JSON and CBOR). */
public final class Json {

    public static final ObjectMapper MAPPER = new ObjectMapper();
    public static final ObjectMapper CBOR = new ObjectMapper(new CBORFactory());

    private Json() {
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static byte[] bytes(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses a JSON request body; an empty body is an empty object; malformed JSON is a 400 for the caller. */
    public static JsonNode parse(byte[] body) {
        if (body == null || body.length == 0) {
            return object();
        }
        try {
            return MAPPER.readTree(body);
        } catch (IOException e) {
            throw new AwsServiceError(400, "SerializationException", "Request body is not valid JSON");
        }
    }

    public static JsonNode parseCbor(byte[] body) {
        if (body == null || body.length == 0) {
            return object();
        }
        try {
            return CBOR.readTree(body);
        } catch (IOException e) {
            throw new AwsServiceError(400, "SerializationException", "Request body is not valid CBOR");
        }
    }

    public static byte[] cborBytes(JsonNode node) {
        try {
            return CBOR.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
