package io.channelpilot.local.world.sns;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Map;
import software.amazon.event.ruler.RuleCompiler;
import software.amazon.event.ruler.Ruler;

/**
 * SNS subscription filter policies evaluated with AWS Event Ruler (the same matcher family): exact values, prefix,
 * suffix, anything-but, numeric ranges, exists, equals-ignore-case. Attribute scope builds the event from the message
 * attributes (String → string, Number → number, String.Array → array); body scope uses the JSON message body.
 */
final class FilterPolicies {

    private FilterPolicies() {
    }

    /** Refuses a policy SNS would refuse (not JSON, or not a valid pattern). */
    static void validate(String policy) {
        try {
            JsonNode node = Json.MAPPER.readTree(policy);
            if (node == null || !node.isObject()) {
                throw invalid("Filter policy must be a JSON object");
            }
        } catch (IOException e) {
            throw invalid("failed to parse JSON.");
        }
        String problem = RuleCompiler.check(policy);
        if (problem != null) {
            throw invalid(problem);
        }
    }

    private static AwsServiceError invalid(String reason) {
        return new AwsServiceError(400, "InvalidParameter", "Invalid parameter: FilterPolicy: " + reason);
    }

    static boolean matches(String policy, String scope, Map<String, MessageAttribute> attributes, String body) {
        String event;
        if ("MessageBody".equals(scope)) {
            try {
                JsonNode parsed = Json.MAPPER.readTree(body);
                if (parsed == null || !parsed.isObject()) {
                    return false;
                }
                event = parsed.toString();
            } catch (IOException e) {
                return false;
            }
        } else {
            event = attributeEvent(attributes).toString();
        }
        try {
            return Ruler.matchesRule(event, policy);
        } catch (Exception e) {
            return false;
        }
    }

    private static ObjectNode attributeEvent(Map<String, MessageAttribute> attributes) {
        ObjectNode event = Json.object();
        attributes.forEach((name, a) -> {
            switch (a.dataType().split("\\.")[0]) {
                case "Number" -> event.put(name, new BigDecimal(a.stringValue()));
                case "Binary" -> {
                    // SNS does not match binary attributes against filter policies.
                }
                default -> {
                    if (a.dataType().equals("String.Array")) {
                        try {
                            JsonNode array = Json.MAPPER.readTree(a.stringValue());
                            event.set(name, array instanceof ArrayNode ? array : Json.MAPPER.createArrayNode());
                        } catch (IOException e) {
                            event.putArray(name);
                        }
                    } else {
                        event.put(name, a.stringValue());
                    }
                }
            }
        });
        return event;
    }
}
