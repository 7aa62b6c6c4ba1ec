package io.channelpilot.local.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * SAM CLI's {@code --env-vars} rule, as {@code sam local invoke} applies it (aws-sam-cli:
 * {@code samcli/commands/local/lib/local_lambda.py} {@code _make_env_vars} and {@code samcli/local/lambdafn/env_vars.py}
 * {@code EnvironmentVariables.resolve}): the file's {@code Parameters} object applies to every function, the object
 * named by the function's logical id wins over it, and only variables the function <em>declares</em> in the template
 * ({@code Environment.Variables}, Globals included) take an override — every other entry of the file is silently
 * dropped. (SAM also lets the shell environment override declared variables; the local world never relies on that.)
 */
public final class SamEnvVars {

    private SamEnvVars() {
    }

    /** The overrides the file holds for one function: {@code Parameters}, then the function's own object. */
    public static Map<String, String> overrides(JsonNode file, String logicalId) {
        Map<String, String> out = new LinkedHashMap<>();
        copy(file.path("Parameters"), out);
        copy(file.path(logicalId), out);
        return out;
    }

    /** The function's variables after the rule: each declared variable, overridden when the file has it. */
    public static Map<String, String> apply(Map<String, String> declared, JsonNode file, String logicalId) {
        Map<String, String> overrides = overrides(file, logicalId);
        Map<String, String> out = new LinkedHashMap<>();
        declared.forEach((k, v) -> out.put(k, overrides.getOrDefault(k, v)));
        return out;
    }

    /** What the file sets for the function that the function does not declare: dropped by SAM. */
    public static Set<String> dropped(Set<String> declared, JsonNode file, String logicalId) {
        Set<String> out = new TreeSet<>(overrides(file, logicalId).keySet());
        out.removeAll(declared);
        return out;
    }

    private static void copy(JsonNode object, Map<String, String> out) {
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            // env_vars.py _stringify_value: lists/objects/null become "", true/false lower case
            JsonNode v = e.getValue();
            out.put(e.getKey(), v.isContainerNode() || v.isNull() ? "" : v.asText());
        }
    }
}
