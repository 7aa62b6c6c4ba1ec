package io.channelpilot.local.sfn.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.InvalidPathException;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.PathNotFoundException;
import com.jayway.jsonpath.spi.json.JacksonJsonNodeJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Evaluates ASL Paths with Jayway JsonPath. "$$." paths are evaluated against the context object: Jayway rejects
 * "$$" (stack.md P13), so one "$" is stripped and the rest is evaluated against the context document.
 */
public final class JsonPaths {

    private static final Configuration CONFIG = Configuration.builder()
            .jsonProvider(new JacksonJsonNodeJsonProvider(Json.MAPPER))
            .mappingProvider(new JacksonMappingProvider(Json.MAPPER))
            .build();
    private static final Map<String, JsonPath> COMPILED = new ConcurrentHashMap<>();

    private JsonPaths() {
    }

    /** Whether {@code path} is syntactically a Path ("$" or "$$" prefixed, compilable). */
    public static boolean isValid(String path) {
        if (path == null || !path.startsWith("$")) {
            return false;
        }
        try {
            compile(stripContext(path));
            return true;
        } catch (InvalidPathException | IllegalArgumentException e) {
            return false;
        }
    }

    public static boolean isContextPath(String path) {
        return path.startsWith("$$");
    }

    /** The value at {@code path}, or empty when the path matches nothing. */
    public static Optional<JsonNode> find(String path, JsonNode input, JsonNode context) {
        JsonNode document = isContextPath(path) ? context : input;
        try {
            Object value = compile(stripContext(path)).read(document, CONFIG);
            if (value == null) {
                return Optional.of(NullNode.getInstance());
            }
            return Optional.of(value instanceof JsonNode node ? node : Json.MAPPER.valueToTree(value));
        } catch (PathNotFoundException e) {
            return Optional.empty();
        }
    }

    private static String stripContext(String path) {
        return isContextPath(path) ? path.substring(1) : path;
    }

    private static JsonPath compile(String path) {
        return COMPILED.computeIfAbsent(path, JsonPath::compile);
    }
}
