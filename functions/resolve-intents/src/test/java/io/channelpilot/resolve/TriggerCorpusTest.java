package io.channelpilot.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A corpus of malformed triggers derived from the real event files: every node of every event replaced, in turn, by
 * null, a number, an empty array, an empty object and an odd string. The parser must never throw and every rejection
 * must carry a code, a field and a fix (DESIGN §10 "a corpus of malformed events → specific errors, nothing created").
 */
class TriggerCorpusTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<Supplier<JsonNode>> REPLACEMENTS = List.of(
            () -> JSON.nullNode(), () -> JSON.getNodeFactory().numberNode(42), JSON::createArrayNode, JSON::createObjectNode,
            () -> JSON.getNodeFactory().textNode("arn%3A%ZZ/../\u0000"));

    @Test
    void shouldNeverThrowAndAlwaysNameFieldAndFixWhenAnyNodeOfAnyEventIsReplaced() throws IOException {
        int variants = 0;
        int rejected = 0;
        try (Stream<Path> files = Files.list(Path.of("../../events/resolve-intents"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                JsonNode original = JSON.readTree(file.toFile());
                for (List<Object> path : paths(original, new ArrayList<>())) {
                    for (Supplier<JsonNode> replacement : REPLACEMENTS) {
                        JsonNode variant = original.deepCopy();
                        replace(variant, path, replacement.get());
                        ParsedTrigger parsed = TriggerParser.parse(TriggerParser.trigger(variant));
                        variants++;
                        if (parsed instanceof ParsedTrigger.Invalid invalid) {
                            rejected++;
                            assertThat(invalid.error().field()).as(file + " " + path).isNotBlank();
                            assertThat(invalid.error().remediation()).as(file + " " + path).isNotBlank();
                        }
                    }
                }
            }
        }
        assertThat(variants).isGreaterThan(1000);
        assertThat(rejected).isGreaterThan(100);
    }

    /** Every path (object keys and array indexes) below the root. */
    private static List<List<Object>> paths(JsonNode node, List<Object> prefix) {
        List<List<Object>> out = new ArrayList<>();
        if (node.isObject()) {
            node.fieldNames().forEachRemaining(name -> {
                List<Object> p = new ArrayList<>(prefix);
                p.add(name);
                out.add(p);
                out.addAll(paths(node.get(name), p));
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                List<Object> p = new ArrayList<>(prefix);
                p.add(i);
                out.add(p);
                out.addAll(paths(node.get(i), p));
            }
        }
        return out;
    }

    private static void replace(JsonNode root, List<Object> path, JsonNode value) {
        JsonNode parent = root;
        for (int i = 0; i < path.size() - 1; i++) {
            Object step = path.get(i);
            parent = step instanceof Integer index ? parent.get(index) : parent.get((String) step);
        }
        Object last = path.get(path.size() - 1);
        if (last instanceof Integer index) {
            ((ArrayNode) parent).set(index, value);
        } else {
            ((ObjectNode) parent).set((String) last, value);
        }
    }
}
