package io.channelpilot.local.sfn.mock;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A mock configuration file in AWS Step Functions Local's format (AWS developer guide, "Configuration file for mocked
 * service integrations"): {@code StateMachines → <name> → TestCases → <case> → <state name> → <mocked response name>}
 * and {@code MockedResponses → <name> → <invocation index "0" | range "1-2"> → Return <value> | Throw {Error, Cause}}.
 * Validated when loaded: every referenced response exists, ranges do not overlap, each entry has exactly one of Return
 * and Throw.
 */
public final class MockConfig {

    private static final Pattern INDEX = Pattern.compile("(\\d+)(?:-(\\d+))?");

    /** One invocation-range entry: {@code returned} or {@code error}/{@code cause} (Throw). */
    public record Response(int from, int to, JsonNode returned, String error, String cause) {
        public boolean isThrow() {
            return error != null;
        }
    }

    private final Map<String, Map<String, Map<String, String>>> testCases;
    private final Map<String, List<Response>> responses;

    private MockConfig(Map<String, Map<String, Map<String, String>>> testCases, Map<String, List<Response>> responses) {
        this.testCases = testCases;
        this.responses = responses;
    }

    public static MockConfig parse(String json) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(json);
        } catch (Exception e) {
            throw new MockConfigException("mock config is not valid JSON: " + e.getMessage());
        }
        Map<String, List<Response>> responses = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : entries(root.path("MockedResponses"), "MockedResponses")) {
            responses.put(e.getKey(), responses(e.getKey(), e.getValue()));
        }
        Map<String, Map<String, Map<String, String>>> machines = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> machine : entries(root.path("StateMachines"), "StateMachines")) {
            Map<String, Map<String, String>> cases = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> testCase : entries(machine.getValue().path("TestCases"),
                    "StateMachines." + machine.getKey() + ".TestCases")) {
                Map<String, String> states = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> state : entries(testCase.getValue(), "TestCases." + testCase.getKey())) {
                    String name = state.getValue().asText();
                    if (!responses.containsKey(name)) {
                        throw new MockConfigException("test case " + testCase.getKey() + ", state " + state.getKey()
                                + ": mocked response '" + name + "' is not defined in MockedResponses");
                    }
                    states.put(state.getKey(), name);
                }
                cases.put(testCase.getKey(), states);
            }
            machines.put(machine.getKey(), cases);
        }
        return new MockConfig(machines, responses);
    }

    private static List<Response> responses(String name, JsonNode node) {
        List<Response> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : entries(node, "MockedResponses." + name)) {
            Matcher m = INDEX.matcher(e.getKey());
            if (!m.matches()) {
                throw new MockConfigException("MockedResponses." + name + ": invocation key '" + e.getKey()
                        + "' must be an index (\"0\") or a range (\"1-2\")");
            }
            int from = Integer.parseInt(m.group(1));
            int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
            JsonNode value = e.getValue();
            boolean hasReturn = value.has("Return");
            boolean hasThrow = value.has("Throw");
            if (to < from || hasReturn == hasThrow || value.size() != 1) {
                throw new MockConfigException("MockedResponses." + name + "." + e.getKey()
                        + ": needs a valid range and exactly one of Return or Throw");
            }
            for (Response r : out) {
                if (from <= r.to() && r.from() <= to) {
                    throw new MockConfigException("MockedResponses." + name + ": invocation ranges overlap at " + e.getKey());
                }
            }
            JsonNode thrown = value.path("Throw");
            if (hasThrow && !thrown.path("Error").isTextual()) {
                throw new MockConfigException("MockedResponses." + name + "." + e.getKey() + ".Throw: Error is required");
            }
            out.add(new Response(from, to, hasReturn ? value.get("Return") : null,
                    hasThrow ? thrown.get("Error").asText() : null, hasThrow ? thrown.path("Cause").asText("") : null));
        }
        return out;
    }

    private static List<Map.Entry<String, JsonNode>> entries(JsonNode node, String where) {
        if (!node.isObject()) {
            throw new MockConfigException(where + " must be a JSON object");
        }
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }

    /** State name → mocked response name for a test case of a state machine. */
    public Map<String, String> testCase(String stateMachine, String testCase) {
        Map<String, Map<String, String>> cases = testCases.get(stateMachine);
        if (cases == null) {
            throw new MockConfigException("no state machine '" + stateMachine + "' in the mock config (have "
                    + testCases.keySet() + "); name it with --state-machine");
        }
        Map<String, String> states = cases.get(testCase);
        if (states == null) {
            throw new MockConfigException("state machine '" + stateMachine + "' has no test case '" + testCase
                    + "' (have " + cases.keySet() + ")");
        }
        return states;
    }

    /** The response for the {@code invocation}-th (0-based) call of a state using {@code responseName}. */
    public Optional<Response> response(String responseName, int invocation) {
        return responses.getOrDefault(responseName, List.of()).stream()
                .filter(r -> invocation >= r.from() && invocation <= r.to()).findFirst();
    }
}
