package io.channelpilot.local.sfn.routing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.sfn.template.TemplateException;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.event.ruler.GenericMachine;

/**
 * Routes events exactly as the deployed EventBridge rules would: patterns are compiled with Event Ruler's
 * {@link GenericMachine} and matched with {@code rulesForJSONEvent} (array-consistent; the deprecated
 * {@code rulesForEvent(String)} is not, stack.md §12c). Schedule rules match the "Scheduled Event" EventBridge emits
 * for them ({@code source aws.events}, {@code resources [rule ARN]}); {@link #scheduledEvent} builds it.
 */
public final class EventRouter {

    private final List<EventRule> rules;
    private final Map<String, EventRule> byId = new LinkedHashMap<>();
    private final GenericMachine<String> machine = new GenericMachine<>();
    private final String region;
    private final String account;

    public EventRouter(List<EventRule> rules, String region, String account) {
        this.rules = List.copyOf(rules);
        this.region = region;
        this.account = account;
        for (EventRule rule : rules) {
            byId.put(rule.id(), rule);
            if (!rule.enabled()) {
                continue;
            }
            String pattern = rule.pattern() != null ? rule.pattern() : schedulePattern(rule.id());
            try {
                machine.addRule(rule.id(), pattern);
            } catch (IOException e) {
                throw new TemplateException("rule " + rule.id() + ": invalid event pattern: " + e.getMessage());
            }
        }
    }

    public static EventRouter fromTemplate(SamTemplate template, String region, String account) {
        return new EventRouter(RuleReader.read(template), region, account);
    }

    public List<EventRule> rules() {
        return rules;
    }

    public String ruleArn(String ruleId) {
        return "arn:aws:events:" + region + ":" + account + ":rule/" + ruleId;
    }

    /** Every target of every enabled rule the event matches, in rule order, with its shaped input. */
    public List<RouteTarget> route(JsonNode event) {
        List<String> matched = machine.rulesForJSONEvent(event);
        List<RouteTarget> out = new ArrayList<>();
        for (EventRule rule : rules) {
            if (!matched.contains(rule.id())) {
                continue;
            }
            for (EventRule.Target target : rule.targets()) {
                out.add(new RouteTarget(rule.id(), target.logicalId(), target.kind(),
                        target.input().apply(event, ruleArn(rule.id()), rule.id())));
            }
        }
        return out;
    }

    /** The event EventBridge sends when schedule rule {@code ruleId} fires at {@code time}. */
    public JsonNode scheduledEvent(String ruleId, Instant time) {
        EventRule rule = byId.get(ruleId);
        if (rule == null || rule.schedule() == null) {
            throw new IllegalArgumentException("no schedule rule " + ruleId);
        }
        ObjectNode event = Json.object();
        event.put("version", "0");
        event.put("id", UUID.nameUUIDFromBytes((ruleId + time).getBytes(java.nio.charset.StandardCharsets.UTF_8)).toString());
        event.put("detail-type", "Scheduled Event");
        event.put("source", "aws.events");
        event.put("account", account);
        event.put("time", DateTimeFormatter.ISO_INSTANT.format(time));
        event.put("region", region);
        event.putArray("resources").add(ruleArn(ruleId));
        event.putObject("detail");
        return event;
    }

    private String schedulePattern(String ruleId) {
        ObjectNode pattern = Json.object();
        pattern.putArray("source").add("aws.events");
        pattern.putArray("detail-type").add("Scheduled Event");
        pattern.putArray("resources").add(ruleArn(ruleId));
        return Json.write(pattern);
    }
}
