package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.Json;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses a JSONPath-dialect ASL document into {@link StateMachineDef} and checks the graph: StartAt and every
 * transition target exist inside the same States object, and every state is reachable (AWS rejects unreachable
 * states at CreateStateMachine; asl-validator reports them too).
 */
final class DefinitionParser {

    private static final Set<String> TOP_LEVEL = Set.of("StartAt", "States", "Comment", "Version", "TimeoutSeconds",
            "QueryLanguage");
    private static final Set<String> BRANCH = Set.of("StartAt", "States", "Comment");

    private DefinitionParser() {
    }

    public static StateMachineDef parse(String json) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(json);
        } catch (Exception e) {
            throw new DefinitionException(null, null, "not valid JSON: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new DefinitionException(null, null, "the definition must be a JSON object");
        }
        Fields top = new Fields(null, root, "");
        if (top.has("QueryLanguage") && !"JSONPath".equals(top.node().get("QueryLanguage").asText())) {
            throw top.error("QueryLanguage", "only \"JSONPath\" is supported by the local runner, was "
                    + top.node().get("QueryLanguage"));
        }
        top.allowOnly(TOP_LEVEL, Map.of());
        if (top.has("Version") && !"1.0".equals(top.string("Version"))) {
            throw top.error("Version", "only \"1.0\" exists");
        }
        int timeout = top.has("TimeoutSeconds") ? top.positiveInt("TimeoutSeconds") : 0;
        return new StateMachineDef(program(top), timeout, root);
    }

    static Program program(Fields f) {
        if (f.state() != null && f.node().has("States") && !f.node().has("ProcessorConfig")) {
            f.allowOnly(BRANCH, Map.of());
        }
        String startAt = f.string("StartAt");
        JsonNode statesNode = f.node().get("States");
        if (statesNode == null || !statesNode.isObject() || statesNode.isEmpty()) {
            throw f.error("States", "must be a non-empty object");
        }
        Map<String, StateDef> states = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = statesNode.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            // "State names ... MUST have length less than or equal to 80 Unicode characters" (ASL spec, States)
            if (e.getKey().length() > 80) {
                throw new DefinitionException(e.getKey(), null, "state names must be at most 80 characters");
            }
            if (!e.getValue().isObject()) {
                throw new DefinitionException(e.getKey(), null, "a state must be a JSON object");
            }
            states.put(e.getKey(), StateParser.parse(e.getKey(), new Fields(e.getKey(), e.getValue(), "")));
        }
        if (!states.containsKey(startAt)) {
            throw f.error("StartAt", "names the state '" + startAt + "', which does not exist in this States object");
        }
        checkGraph(startAt, states);
        return new Program(startAt, states);
    }

    private static void checkGraph(String startAt, Map<String, StateDef> states) {
        Deque<String> todo = new ArrayDeque<>(List.of(startAt));
        Set<String> reached = new HashSet<>();
        while (!todo.isEmpty()) {
            String name = todo.pop();
            if (!reached.add(name)) {
                continue;
            }
            for (Target target : targets(states.get(name))) {
                if (!states.containsKey(target.state())) {
                    throw new DefinitionException(name, target.field(), "names the state '" + target.state()
                            + "', which does not exist in this States object");
                }
                todo.push(target.state());
            }
        }
        for (String name : states.keySet()) {
            if (!reached.contains(name)) {
                throw new DefinitionException(name, null, "is not reachable from StartAt '" + startAt + "'");
            }
        }
    }

    private record Target(String field, String state) {
    }

    private static List<Target> targets(StateDef state) {
        List<Target> out = new ArrayList<>();
        Transition transition = null;
        List<Catcher> catchers = List.of();
        if (state instanceof StateDef.Pass s) {
            transition = s.transition();
        } else if (state instanceof StateDef.Task s) {
            transition = s.transition();
            catchers = s.fields().catchers();
        } else if (state instanceof StateDef.Wait s) {
            transition = s.transition();
        } else if (state instanceof StateDef.Parallel s) {
            transition = s.transition();
            catchers = s.fields().catchers();
        } else if (state instanceof StateDef.Map s) {
            transition = s.transition();
            catchers = s.fields().catchers();
        } else if (state instanceof StateDef.Choice s) {
            for (int i = 0; i < s.choices().size(); i++) {
                out.add(new Target("Choices[" + i + "].Next", s.choices().get(i).next()));
            }
            if (s.defaultNext() != null) {
                out.add(new Target("Default", s.defaultNext()));
            }
        }
        if (transition instanceof Transition.Next next) {
            out.add(new Target("Next", next.state()));
        }
        for (int i = 0; i < catchers.size(); i++) {
            out.add(new Target("Catch[" + i + "].Next", catchers.get(i).next()));
        }
        return out;
    }
}
