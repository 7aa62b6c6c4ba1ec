package io.channelpilot.local.world.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reading and validating CloudWatch request members; errors use CloudWatch's codes and phrasing. */
final class Params {

    private Params() {
    }

    static String required(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull() || v.asText().isEmpty()) {
            throw new AwsServiceError(400, "MissingParameter", "The parameter " + field + " is required.");
        }
        return v.asText();
    }

    static String optional(JsonNode body, String field) {
        JsonNode v = body.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    static int intValue(JsonNode body, String field, int fallback) {
        JsonNode v = body.get(field);
        return v == null || v.isNull() ? fallback : v.asInt();
    }

    static List<String> strings(JsonNode body, String field) {
        List<String> out = new ArrayList<>();
        JsonNode v = body.get(field);
        if (v != null && v.isArray()) {
            v.forEach(e -> out.add(e.asText()));
        }
        return out;
    }

    static Map<String, String> dimensions(JsonNode node, String field) {
        Map<String, String> out = new TreeMap<>();
        if (node == null || !node.isArray()) {
            return out;
        }
        if (node.size() > 30) {
            throw invalid("The collection " + field + " must not have a size greater than 30.");
        }
        for (JsonNode d : node) {
            String name = d.path("Name").asText("");
            String value = d.path("Value").asText("");
            if (name.isEmpty() || value.isEmpty()) {
                throw invalid("The parameter " + field + " must contain a Name and a Value for every dimension.");
            }
            if (out.put(name, value) != null) {
                throw invalid("No Metric may specify the same dimension name twice.");
            }
        }
        return out;
    }

    static ArrayNode renderDimensions(Map<String, String> dimensions) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        dimensions.forEach((n, v) -> out.addObject().put("Name", n).put("Value", v));
        return out;
    }

    static ObjectNode renderMetric(MetricKey key) {
        ObjectNode m = Json.object().put("Namespace", key.namespace()).put("MetricName", key.name());
        m.set("Dimensions", renderDimensions(key.dimensions()));
        return m;
    }

    static AwsServiceError invalid(String message) {
        return new AwsServiceError(400, "InvalidParameterValue", message);
    }

    static String token(String position) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(position.getBytes(StandardCharsets.UTF_8));
    }

    /** Decodes an opaque NextToken; anything this emulator did not issue is refused like CloudWatch does. */
    static String untoken(String token) {
        try {
            return new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new AwsServiceError(400, "InvalidNextToken", "The service received an invalid NextToken.");
        }
    }
}
