package io.channelpilot.local.sfn.routing;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.sfn.template.TemplateException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads EventBridge rules from a SAM template: {@code AWS::Events::Rule} (EventPattern or ScheduleExpression, Targets)
 * and the {@code Events} of {@code AWS::Serverless::Function} / {@code AWS::Serverless::StateMachine} of type
 * EventBridgeRule, CloudWatchEvent (Pattern), Schedule (Schedule) and ScheduleV2 (ScheduleExpression). SAM names the
 * generated rule {@code <ResourceLogicalId><EventName>}; so does this reader.
 */
final class RuleReader {

    private RuleReader() {
    }

    static List<EventRule> read(SamTemplate template) {
        List<EventRule> rules = new ArrayList<>();
        Map<String, JsonNode> resources = template.resources();
        resources.forEach((id, resource) -> {
            String type = resource.path("Type").asText();
            JsonNode props = resource.path("Properties");
            if (type.equals("AWS::Events::Rule")) {
                rules.add(eventsRule(template, id, props, resources));
            } else if (type.equals("AWS::Serverless::Function") || type.equals("AWS::Serverless::StateMachine")) {
                RouteTarget.Kind kind = type.endsWith("Function") ? RouteTarget.Kind.FUNCTION : RouteTarget.Kind.STATE_MACHINE;
                for (Iterator<Map.Entry<String, JsonNode>> it = props.path("Events").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    samEvent(template, id + e.getKey(), id, kind, e.getValue()).ifPresent(rules::add);
                }
            }
        });
        return rules;
    }

    private static EventRule eventsRule(SamTemplate template, String id, JsonNode props, Map<String, JsonNode> resources) {
        List<EventRule.Target> targets = new ArrayList<>();
        for (JsonNode target : props.path("Targets")) {
            JsonNode arn = target.path("Arn");
            String logicalId = referencedId(arn);
            RouteTarget.Kind kind = RouteTarget.Kind.OTHER;
            if (logicalId != null && resources.containsKey(logicalId)) {
                kind = kindOf(resources.get(logicalId).path("Type").asText());
            } else {
                logicalId = arn.isTextual() ? arn.textValue() : Json.write(arn);
            }
            targets.add(new EventRule.Target(logicalId, kind, TargetInput.from(target)));
        }
        boolean enabled = !"DISABLED".equals(props.path("State").asText("ENABLED"));
        return new EventRule(id, pattern(id, props.get("EventPattern")), schedule(template, props, "ScheduleExpression", id), enabled, targets);
    }

    private static java.util.Optional<EventRule> samEvent(SamTemplate template, String ruleId, String owner, RouteTarget.Kind kind, JsonNode event) {
        String type = event.path("Type").asText();
        JsonNode props = event.path("Properties");
        boolean enabled = !"DISABLED".equals(props.path("State").asText("ENABLED")) && props.path("Enabled").asBoolean(true);
        List<EventRule.Target> targets = List.of(new EventRule.Target(owner, kind, TargetInput.from(props)));
        return switch (type) {
            case "EventBridgeRule", "CloudWatchEvent" ->
                    java.util.Optional.of(new EventRule(ruleId, pattern(ruleId, props.get("Pattern")), null, enabled, targets));
            case "Schedule" -> java.util.Optional.of(new EventRule(ruleId, null, schedule(template, props, "Schedule", ruleId), enabled, targets));
            case "ScheduleV2" -> java.util.Optional.of(new EventRule(ruleId, null, schedule(template, props, "ScheduleExpression", ruleId), enabled, targets));
            default -> java.util.Optional.empty();
        };
    }

    private static String pattern(String id, JsonNode pattern) {
        if (pattern == null || pattern.isNull()) {
            return null;
        }
        String json = pattern.isTextual() ? pattern.textValue() : Json.write(pattern);
        String problem = software.amazon.event.ruler.RuleCompiler.check(json);
        if (problem != null) {
            throw new TemplateException("rule " + id + ": invalid event pattern: " + problem);
        }
        return json;
    }

    /** A schedule expression, intrinsics resolved ({@code Schedule: !Ref ReconcileSchedule} is the parameter's value). */
    private static String schedule(SamTemplate template, JsonNode props, String field, String ruleId) {
        if (!props.hasNonNull(field)) {
            return null;
        }
        JsonNode v = props.get(field);
        if (!v.isTextual()) {
            v = template.resolve(v, "rule " + ruleId + " " + field);
        }
        return v == null ? null : v.asText();
    }

    /** The logical id in {"Ref": X} or {"Fn::GetAtt": [X, "Arn"]}, else null. */
    private static String referencedId(JsonNode arn) {
        if (arn.has("Ref")) {
            return arn.get("Ref").asText();
        }
        if (arn.has("Fn::GetAtt")) {
            return arn.get("Fn::GetAtt").get(0).asText();
        }
        return null;
    }

    private static RouteTarget.Kind kindOf(String type) {
        return switch (type) {
            case "AWS::Serverless::StateMachine", "AWS::StepFunctions::StateMachine" -> RouteTarget.Kind.STATE_MACHINE;
            case "AWS::Serverless::Function", "AWS::Lambda::Function" -> RouteTarget.Kind.FUNCTION;
            default -> RouteTarget.Kind.OTHER;
        };
    }
}
