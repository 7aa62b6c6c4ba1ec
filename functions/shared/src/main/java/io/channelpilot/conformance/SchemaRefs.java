package io.channelpilot.conformance;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Resolves local {@code $ref}s ({@code #}, {@code #/definitions/x}, {@code #/$defs/x}, any local JSON pointer) and
 * detects cycles. The set of definitions being expanded is a stack: a reference to a location that is already being
 * expanded (directly, through a chain of refs or through nested properties) is a cycle, because an Iceberg schema
 * is a finite tree. Remote references are not fetched: the channel resolves the schema from Glue, and a schema
 * pulling in other documents is outside what we can check (reported as unresolved).
 */
final class SchemaRefs {

    /** A schema node with the JSON pointer of its real location in the document. */
    record Located(JsonNode node, String pointer) {
    }

    private final JsonNode root;
    private final Deque<String> expanding = new ArrayDeque<>();

    SchemaRefs(JsonNode root) {
        this.root = root;
        expanding.push("");
    }

    /**
     * Follows {@code $ref} chains from {@code start}. On success the returned location is pushed onto the
     * expansion stack (and must be released with {@link #release(int)} using {@link #depthBefore()}); on failure
     * a problem is added and null returned.
     */
    Located resolve(Located start, List<SchemaProblem> problems) {
        Located current = start;
        int guard = 0;
        while (current.node().isObject() && current.node().has("$ref")) {
            JsonNode ref = current.node().get("$ref");
            String refPointer = JsonPointers.child(current.pointer(), "$ref");
            if (!ref.isTextual()) {
                problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_REF_UNRESOLVED, refPointer, "\"$ref\" must be a string"));
                return null;
            }
            String value = ref.textValue();
            if (!value.startsWith("#")) {
                problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_REF_UNRESOLVED, refPointer,
                        "\"$ref\": \"" + value + "\" is not a local reference; only \"#...\" references within the schema"
                                + " document are resolved"));
                return null;
            }
            String target = URLDecoder.decode(value.substring(1), StandardCharsets.UTF_8);
            if (expanding.contains(target)) {
                problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_REF_CYCLE, refPointer,
                        "\"$ref\": \"" + value + "\" refers back to a schema that is still being expanded: the type is"
                                + " recursive"));
                return null;
            }
            JsonNode resolved = lookUp(target);
            if (resolved == null) {
                problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_REF_UNRESOLVED, refPointer,
                        "\"$ref\": \"" + value + "\" does not point at anything in the schema document"));
                return null;
            }
            expanding.push(target);
            current = new Located(resolved, target);
            if (++guard > 1_000) { // unreachable: each step pushes a distinct target; defensive bound anyway
                problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_REF_CYCLE, refPointer, "\"$ref\" chain too long"));
                return null;
            }
        }
        return current;
    }

    int depthBefore() {
        return expanding.size();
    }

    /** Pops everything pushed since {@code depth} was read. */
    void release(int depth) {
        while (expanding.size() > depth) {
            expanding.pop();
        }
    }

    private JsonNode lookUp(String pointer) {
        if (pointer.isEmpty()) {
            return root;
        }
        if (!pointer.startsWith("/")) {
            return null; // "#foo" is a plain-name fragment ($id anchor): not supported
        }
        try {
            JsonNode node = root.at(JsonPointer.compile(pointer));
            return node.isMissingNode() ? null : node;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
