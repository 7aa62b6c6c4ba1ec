package io.channelpilot.local.world.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** An HTTP response produced by an emulator. */
public record AwsResponse(int status, Map<String, String> headers, byte[] body) {

    public AwsResponse {
        headers = Map.copyOf(headers);
        body = body == null ? new byte[0] : body;
    }

    public static AwsResponse of(int status, String contentType, byte[] body) {
        Map<String, String> h = new LinkedHashMap<>();
        if (contentType != null) {
            h.put("Content-Type", contentType);
        }
        return new AwsResponse(status, h, body);
    }

    /** REST-JSON or AWS-JSON success body. */
    public static AwsResponse json(int status, JsonNode body, Protocol protocol) {
        return of(status, jsonContentType(protocol), Json.bytes(body));
    }

    public static AwsResponse xml(int status, String xml) {
        return of(status, "text/xml", xml.getBytes(StandardCharsets.UTF_8));
    }

    /** Smithy RPC v2 CBOR success: the SDK requires the {@code smithy-protocol} header (pitfall P3). */
    public static AwsResponse cbor(int status, byte[] cborBody) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Type", "application/cbor");
        h.put("smithy-protocol", "rpc-v2-cbor");
        return new AwsResponse(status, h, cborBody);
    }

    public static AwsResponse empty(int status) {
        return new AwsResponse(status, Map.of(), new byte[0]);
    }

    public AwsResponse withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new AwsResponse(status, h, body);
    }

    static String jsonContentType(Protocol protocol) {
        return switch (protocol) {
            case AWS_JSON_1_0 -> "application/x-amz-json-1.0";
            case AWS_JSON_1_1 -> "application/x-amz-json-1.1";
            default -> "application/json";
        };
    }
}
