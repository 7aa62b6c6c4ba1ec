package io.channelpilot.local.sfn.routing;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A target's input shaping (EventBridge PutTargets: Input, InputPath, InputTransformer). "Input: valid JSON text passed
 * to the target"; "InputPath: the value of the JSONPath that is used for extracting part of the matched event";
 * "InputTransformer ... InputPathsMap ... InputTemplate ... <placeholder>". Without any, the whole event is passed. In
 * the template, a placeholder inside a JSON string is replaced by the raw text of the value; outside quotes by its JSON.
 * Predefined variables: aws.events.rule-arn, aws.events.rule-name, aws.events.event, aws.events.event.json.
 */
record TargetInput(String input, String inputPath, Map<String, String> pathsMap, String template) {

    private static final Pattern PLACEHOLDER = Pattern.compile("<([A-Za-z0-9_.\\-]+)>");

    static TargetInput none() {
        return new TargetInput(null, null, Map.of(), null);
    }

    static TargetInput from(JsonNode target) {
        Map<String, String> paths = new LinkedHashMap<>();
        JsonNode transformer = target.path("InputTransformer");
        for (Iterator<Map.Entry<String, JsonNode>> it = transformer.path("InputPathsMap").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            paths.put(e.getKey(), e.getValue().asText());
        }
        return new TargetInput(target.hasNonNull("Input") ? target.get("Input").asText() : null,
                target.hasNonNull("InputPath") ? target.get("InputPath").asText() : null, paths,
                transformer.hasNonNull("InputTemplate") ? transformer.get("InputTemplate").asText() : null);
    }

    JsonNode apply(JsonNode event, String ruleArn, String ruleName) {
        if (input != null) {
            return parseOrText(input);
        }
        if (inputPath != null) {
            return JsonPaths.find(inputPath, event, Json.object()).orElse(Json.NODES.nullNode());
        }
        if (template == null) {
            return event;
        }
        Map<String, JsonNode> values = new LinkedHashMap<>();
        pathsMap.forEach((name, path) -> values.put(name, JsonPaths.find(path, event, Json.object()).orElse(Json.NODES.nullNode())));
        values.put("aws.events.rule-arn", Json.NODES.textNode(ruleArn));
        values.put("aws.events.rule-name", Json.NODES.textNode(ruleName));
        values.put("aws.events.event", event);
        values.put("aws.events.event.json", event);
        return parseOrText(render(values));
    }

    private String render(Map<String, JsonNode> values) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            JsonNode value = values.get(m.group(1));
            if (value == null) {
                m.appendReplacement(out, Matcher.quoteReplacement(m.group()));
                continue;
            }
            boolean quoted = insideString(template, m.start());
            String text = quoted ? (value.isTextual() ? escape(value.textValue()) : escape(Json.write(value))) : Json.write(value);
            m.appendReplacement(out, Matcher.quoteReplacement(text));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static boolean insideString(String text, int index) {
        boolean inside = false;
        for (int i = 0; i < index; i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                inside = !inside;
            }
        }
        return inside;
    }

    private static String escape(String raw) {
        String json = Json.write(Json.NODES.textNode(raw));
        return json.substring(1, json.length() - 1);
    }

    private static JsonNode parseOrText(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (Exception e) {
            return Json.NODES.textNode(text);
        }
    }
}
