package io.channelpilot.local.sfn.template;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SAM {@code template.yaml} as the local runner needs it: state machines with DefinitionSubstitutions applied,
 * functions (Handler, CodeUri, env after Globals), and the raw resources for EventBridge routing.
 * <p>SAM: "DefinitionSubstitutions: A string-to-string map that specifies the mappings for placeholder variables in
 * the state machine definition ... ${Name}" (SAM resource AWS::Serverless::StateMachine). A placeholder left without a
 * substitution is an error here rather than a literal that fails later.
 */
public final class SamTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_]+)}");

    private final Path directory;
    private final JsonNode root;
    private final IntrinsicResolver resolver;

    private SamTemplate(Path directory, JsonNode root, IntrinsicResolver resolver) {
        this.directory = directory;
        this.root = root;
        this.resolver = resolver;
    }

    public static SamTemplate load(Path file, Map<String, String> parameterOverrides, String region, String account) {
        try {
            JsonNode root = CfnYaml.parse(Files.readString(file));
            Path dir = file.toAbsolutePath().getParent();
            return new SamTemplate(dir, root, new IntrinsicResolver(root, parameterOverrides, region, account, "channel-pilot-local"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static SamTemplate load(Path file) {
        return load(file, Map.of(), "us-east-1", "123456789012");
    }

    public JsonNode root() {
        return root;
    }

    IntrinsicResolver resolver() {
        return resolver;
    }

    /** Logical id → resource node, in template order. */
    public Map<String, JsonNode> resources() {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("Resources").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    public List<FunctionResource> functions() {
        JsonNode globals = root.path("Globals").path("Function");
        List<FunctionResource> out = new ArrayList<>();
        resources().forEach((id, resource) -> {
            if (!resource.path("Type").asText().equals("AWS::Serverless::Function")) {
                return;
            }
            JsonNode props = resource.path("Properties");
            Map<String, String> env = new TreeMap<>();
            addVariables(env, globals.path("Environment").path("Variables"), id);
            addVariables(env, props.path("Environment").path("Variables"), id);
            // AWS::Serverless::Function defaults: MemorySize 128, Timeout 3 (SAM resource reference)
            String memory = text(props, globals, "MemorySize", id);
            String timeout = text(props, globals, "Timeout", id);
            JsonNode snap = props.has("SnapStart") ? props.get("SnapStart") : globals.path("SnapStart");
            out.add(new FunctionResource(id, text(props, globals, "Handler", id), text(props, globals, "CodeUri", id),
                    text(props, globals, "Runtime", id), env, memory == null ? 128 : Integer.parseInt(memory),
                    timeout == null ? 3 : Integer.parseInt(timeout), "PublishedVersions".equals(snap.path("ApplyOn").asText())));
        });
        return out;
    }

    private String text(JsonNode props, JsonNode globals, String field, String id) {
        JsonNode value = props.has(field) ? props.get(field) : globals.get(field);
        return value == null ? null : resolver.string(value, id + ".Properties." + field);
    }

    private void addVariables(Map<String, String> env, JsonNode variables, String id) {
        for (Iterator<Map.Entry<String, JsonNode>> it = variables.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode value = resolver.resolve(e.getValue(), id + ".Environment.Variables." + e.getKey());
            if (value != null) {
                env.put(e.getKey(), value.asText());
            }
        }
    }

    public Optional<FunctionResource> function(String logicalId) {
        return functions().stream().filter(f -> f.logicalId().equals(logicalId)).findFirst();
    }

    public List<StateMachineResource> stateMachines() {
        List<StateMachineResource> out = new ArrayList<>();
        resources().forEach((id, resource) -> {
            if (resource.path("Type").asText().equals("AWS::Serverless::StateMachine")) {
                out.add(stateMachine(id, resource.path("Properties")));
            }
        });
        return out;
    }

    public StateMachineResource stateMachine(String logicalId) {
        JsonNode resource = root.path("Resources").get(logicalId);
        if (resource == null || !resource.path("Type").asText().equals("AWS::Serverless::StateMachine")) {
            throw new TemplateException("no AWS::Serverless::StateMachine named " + logicalId + " in the template");
        }
        return stateMachine(logicalId, resource.path("Properties"));
    }

    private StateMachineResource stateMachine(String id, JsonNode props) {
        Map<String, String> substitutions = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = props.path("DefinitionSubstitutions").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            substitutions.put(e.getKey(), resolver.string(e.getValue(), id + ".DefinitionSubstitutions." + e.getKey()));
        }
        String uri = null;
        String text;
        if (props.has("DefinitionUri")) {
            if (!props.get("DefinitionUri").isTextual()) {
                throw new TemplateException(id + ".DefinitionUri: only a local file path is supported (not an S3 location)");
            }
            uri = props.get("DefinitionUri").textValue();
            try {
                text = Files.readString(directory.resolve(uri));
            } catch (IOException e) {
                throw new TemplateException(id + ".DefinitionUri: cannot read " + directory.resolve(uri) + ": " + e.getMessage());
            }
        } else if (props.has("Definition")) {
            text = Json.write(props.get("Definition"));
        } else {
            throw new TemplateException(id + ": neither DefinitionUri nor Definition is set");
        }
        return new StateMachineResource(id, uri, substitutions, substitute(id, text, substitutions));
    }

    private static String substitute(String id, String text, Map<String, String> substitutions) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = substitutions.get(m.group(1));
            if (value == null) {
                throw new TemplateException(id + ": the definition uses ${" + m.group(1)
                        + "} but DefinitionSubstitutions has no such key (have " + substitutions.keySet() + ")");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
