package io.channelpilot.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a role trust policy for the channel's needs (reference §9): an Allow statement for {@code sts:AssumeRole} by
 * service principal {@code kafka.amazonaws.com}, conditioned on {@code aws:SourceAccount} (= the cluster's account) and
 * {@code aws:SourceArn} (confused-deputy protection). Returns what is missing, empty when all is there.
 */
final class TrustPolicy {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    static final String SERVICE = "kafka.amazonaws.com";

    private TrustPolicy() {
    }

    static List<String> missing(String policyJson, String account) {
        JsonNode root;
        try {
            root = MAPPER.readTree(policyJson == null ? "" : policyJson);
        } catch (JsonProcessingException e) {
            return List.of("the trust policy is not valid JSON");
        }
        if (root == null || root.isMissingNode()) {
            return List.of("the role has no trust policy");
        }
        JsonNode statement = root.path("Statement");
        List<JsonNode> statements = new ArrayList<>();
        if (statement.isArray()) {
            statement.forEach(statements::add);
        } else if (statement.isObject()) {
            statements.add(statement);
        }
        JsonNode trusting = statements.stream()
                .filter(s -> "Allow".equals(s.path("Effect").asText()))
                .filter(s -> values(s.path("Action")).stream().anyMatch(a -> a.equalsIgnoreCase("sts:AssumeRole") || a.equals("sts:*") || a.equals("*")))
                .filter(s -> values(s.path("Principal").path("Service")).contains(SERVICE))
                .findFirst().orElse(null);
        if (trusting == null) {
            return List.of("no Allow statement lets principal " + SERVICE + " call sts:AssumeRole");
        }
        List<String> missing = new ArrayList<>();
        List<String> sourceAccount = conditionValues(trusting.path("Condition"), "aws:sourceaccount");
        if (sourceAccount.isEmpty()) {
            missing.add("condition aws:SourceAccount = " + account);
        } else if (!sourceAccount.contains(account)) {
            missing.add("condition aws:SourceAccount names " + sourceAccount + ", not the cluster's account " + account);
        }
        List<String> sourceArn = conditionValues(trusting.path("Condition"), "aws:sourcearn");
        if (sourceArn.isEmpty()) {
            missing.add("condition aws:SourceArn (ArnLike arn:aws:kafka:<region>:" + account + ":channel/*)");
        } else if (sourceArn.stream().noneMatch(arn -> arn.contains(":kafka:") && arn.contains(":" + account + ":"))) {
            missing.add("condition aws:SourceArn names " + sourceArn + ", not MSK channels of account " + account);
        }
        return missing;
    }

    /** Values of a condition key under any operator (StringEquals, ArnLike, …), key compared case-insensitively. */
    private static List<String> conditionValues(JsonNode condition, String keyLower) {
        List<String> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> ops = condition.fields(); ops.hasNext(); ) {
            for (Iterator<Map.Entry<String, JsonNode>> keys = ops.next().getValue().fields(); keys.hasNext(); ) {
                Map.Entry<String, JsonNode> key = keys.next();
                if (key.getKey().toLowerCase(Locale.ROOT).equals(keyLower)) {
                    out.addAll(values(key.getValue()));
                }
            }
        }
        return out;
    }

    private static List<String> values(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(n -> out.add(n.asText()));
        } else if (node.isTextual()) {
            out.add(node.asText());
        }
        return out;
    }
}
