package io.channelpilot.local.sfn.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.error.ErrorNames;
import io.channelpilot.local.sfn.error.StatesFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Reference Path ("a Path with syntax limited in such a way that it can only identify a single node in a JSON
 * structure: the operators '@', ',', ':', and '?' are not supported", ASL spec "Reference Paths"), used by ResultPath.
 */
public final class ReferencePath {

    /** One step: an object field or an array index. */
    sealed interface Segment permits Field, Index {
    }

    record Field(String name) implements Segment {
    }

    record Index(int index) implements Segment {
    }

    private final String text;
    private final List<Segment> segments;

    private ReferencePath(String text, List<Segment> segments) {
        this.text = text;
        this.segments = List.copyOf(segments);
    }

    /** Parses {@code text}; empty when it is not a Reference Path. */
    public static Optional<ReferencePath> parse(String text) {
        if (text == null || !text.startsWith("$") || text.startsWith("$$")) {
            return Optional.empty();
        }
        List<Segment> segments = new ArrayList<>();
        int i = 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '.') {
                int end = i + 1;
                while (end < text.length() && text.charAt(end) != '.' && text.charAt(end) != '[') {
                    end++;
                }
                String name = text.substring(i + 1, end);
                if (name.isEmpty() || name.contains("*") || name.contains("@")) {
                    return Optional.empty();
                }
                segments.add(new Field(name));
                i = end;
            } else if (c == '[') {
                int close = text.indexOf(']', i);
                if (close < 0) {
                    return Optional.empty();
                }
                String inner = text.substring(i + 1, close).trim();
                if (inner.length() >= 2 && (inner.startsWith("'") && inner.endsWith("'")
                        || inner.startsWith("\"") && inner.endsWith("\""))) {
                    segments.add(new Field(inner.substring(1, inner.length() - 1)));
                } else if (inner.matches("\\d+")) {
                    segments.add(new Index(Integer.parseInt(inner)));
                } else {
                    return Optional.empty();
                }
                i = close + 1;
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(new ReferencePath(text, segments));
    }

    public boolean isRoot() {
        return segments.isEmpty();
    }

    /**
     * Places {@code result} into a copy of {@code input}. "If the ResultPath ... identifies a node that does not exist,
     * ... the interpreter creates the intermediate nodes" — only objects can be created; landing on a value that is
     * not an object (or an array index out of range) is States.ResultPathMatchFailure.
     */
    public JsonNode write(JsonNode input, JsonNode result) {
        if (isRoot()) {
            return result;
        }
        if (!input.isObject() && !(input.isArray() && segments.get(0) instanceof Index)) {
            throw mismatch(input);
        }
        JsonNode copy = input.deepCopy();
        JsonNode current = copy;
        for (int i = 0; i < segments.size(); i++) {
            Segment segment = segments.get(i);
            boolean last = i == segments.size() - 1;
            if (segment instanceof Field field) {
                if (!(current instanceof ObjectNode object)) {
                    throw mismatch(input);
                }
                if (last) {
                    object.set(field.name(), result);
                    return copy;
                }
                JsonNode next = object.get(field.name());
                if (next == null || next.isNull()) {
                    next = object.putObject(field.name());
                }
                current = next;
            } else {
                Index index = (Index) segment;
                if (!(current instanceof ArrayNode array) || index.index() >= array.size()) {
                    throw mismatch(input);
                }
                if (last) {
                    array.set(index.index(), result);
                    return copy;
                }
                current = array.get(index.index());
            }
        }
        return copy;
    }

    private StatesFailure mismatch(JsonNode input) {
        return StatesFailure.of(ErrorNames.RESULT_PATH_MATCH_FAILURE,
                "Unable to apply ResultPath \"" + text + "\" to input " + Json.write(input));
    }

    @Override
    public String toString() {
        return text;
    }
}
