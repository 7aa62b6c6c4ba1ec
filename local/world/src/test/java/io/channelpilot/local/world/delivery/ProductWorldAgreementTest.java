package io.channelpilot.local.world.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.conformance.ConformanceResult;
import io.channelpilot.conformance.RecordConformer;
import io.channelpilot.conformance.SchemaAnalysis;
import io.channelpilot.conformance.SchemaAnalyzer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.SchemaParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the whole conformance corpus ({@code functions/shared/src/test/resources/conformance}) through the product's
 * {@code RecordConformer}/{@code SchemaAnalyzer} and through the world's independent judgement ({@link DeliverySchema}:
 * networknt validator plus the documented delivery rules) and lists every disagreement as a finding — printed and
 * written to {@code target/conformance-findings.md}. Each finding must be listed, with both outcomes, in the table
 * "Product vs world" of docs/conformance.md (resolved or a deliberate choice with its source); a new disagreement, a
 * changed outcome or a listed one that no longer occurs fails the test, so the list stays true.
 *
 * <p>Three kinds of finding: {@code record:} row vs DLQ, or both DLQ with another code or pointer; {@code schema:}
 * usable vs not; {@code table:} both usable but a different Iceberg table (types, ids, required-ness).
 */
class ProductWorldAgreementTest {

    private static final Path REPO = Path.of("..", "..");
    private static final Path CORPUS = REPO.resolve("functions/shared/src/test/resources/conformance");
    private static final Path DOC = REPO.resolve("docs/conformance.md");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A row of the documented table: | `id` | product | world | resolution | */
    private static final Pattern ROW = Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|\\s*([^|]*?)\\s*\\|\\s*([^|]*?)\\s*\\|.*$");

    private static Map<String, Finding> findings;
    private static int compared;

    record Finding(String id, String product, String world) {
    }

    @BeforeAll
    static void compare() throws IOException {
        Map<String, Finding> out = new LinkedHashMap<>();
        Map<String, String> usableSchemas = new LinkedHashMap<>();
        for (JsonNode c : JSON.readTree(CORPUS.resolve("record-cases.json").toFile()).get("cases")) {
            String schema = Files.readString(CORPUS.resolve("schemas").resolve(c.get("schema").asText()));
            String partition = c.get("partition").asText();
            usableSchemas.put(c.get("schema").asText() + " (" + partition + ")", schema + "\u0000" + partition);
            byte[] value = recordBytes(c);
            String product = product(RecordConformer.of(SchemaAnalyzer.analyze(schema, partition)).conform(value));
            String world = world(((DeliverySchema.Reading.Usable) DeliverySchema.read(schema, partition)).schema()
                    .decide(value));
            add(out, "record: " + c.get("name").asText(), product, world);
        }
        for (JsonNode c : JSON.readTree(CORPUS.resolve("schema-cases.json").toFile()).get("cases")) {
            String schema = c.has("raw") ? c.get("raw").asText() : c.get("schema").toString();
            String partition = c.get("partition").asText();
            SchemaAnalysis analysis = SchemaAnalyzer.analyze(schema, partition);
            DeliverySchema.Reading reading = DeliverySchema.read(schema, partition);
            String product = analysis.isUsable() ? "usable" : "unusable";
            String world = reading instanceof DeliverySchema.Reading.Usable ? "usable" : "unusable";
            add(out, "schema: " + c.get("name").asText(), product, world);
            if (analysis.isUsable()) {
                usableSchemas.put(c.get("name").asText(), schema + "\u0000" + partition);
            }
        }
        usableSchemas.forEach((name, pair) -> {
            String[] p = pair.split("\u0000", 2);
            SchemaAnalysis analysis = SchemaAnalyzer.analyze(p[0], p[1]);
            if (DeliverySchema.read(p[0], p[1]) instanceof DeliverySchema.Reading.Usable u) {
                String product = SchemaParser.fromJson(analysis.icebergSchemaJson()).asStruct().toString();
                add(out, "table: " + name, product, u.schema().table().asStruct().toString());
            }
        });
        findings = out;
        StringBuilder report = new StringBuilder("# Product vs world: conformance findings (" + compared
                + " comparisons, " + out.size() + " disagreements)\n\n| finding | product | world |\n| --- | --- | --- |\n");
        out.values().forEach(f -> report.append("| `").append(f.id()).append("` | ").append(f.product())
                .append(" | ").append(f.world()).append(" |\n"));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "conformance-findings.md"), report);
        System.out.println(report);
    }

    @Test
    void shouldCompareTheWholeCorpus() throws IOException {
        int records = JSON.readTree(CORPUS.resolve("record-cases.json").toFile()).get("cases").size();
        int schemas = JSON.readTree(CORPUS.resolve("schema-cases.json").toFile()).get("cases").size();
        assertThat(compared).isGreaterThan(records + schemas);
    }

    @Test
    void shouldListEveryDisagreementInTheDocumentedTable() throws IOException {
        Map<String, Finding> documented = documented();
        List<String> undocumented = new ArrayList<>();
        findings.values().forEach(f -> {
            Finding d = documented.get(f.id());
            if (d == null || !d.product().equals(f.product()) || !d.world().equals(f.world())) {
                undocumented.add("| `" + f.id() + "` | " + f.product() + " | " + f.world() + " |");
            }
        });
        assertThat(undocumented).as("disagreements missing from (or different in) docs/conformance.md"
                + " \"Product vs world\": resolve them or document them with their source").isEmpty();
    }

    @Test
    void shouldStillObserveEveryDocumentedDisagreement() throws IOException {
        assertThat(findings.keySet()).as("documented in docs/conformance.md but no longer observed: remove them")
                .containsAll(documented().keySet());
    }

    private static void add(Map<String, Finding> out, String id, String product, String world) {
        compared++;
        if (!product.equals(world)) {
            out.put(id, new Finding(id, product, world));
        }
    }

    private static String product(ConformanceResult r) {
        return r instanceof ConformanceResult.Rejected j ? "DLQ " + j.code().code() + " " + at(j.pointer()) : "row";
    }

    private static String world(RecordDecoder.Decision d) {
        return d instanceof RecordDecoder.Decision.Reject j ? "DLQ " + j.code() + " " + at(j.pointer()) : "row";
    }

    private static String at(String pointer) {
        return pointer.isEmpty() ? "(root)" : pointer;
    }

    private static Map<String, Finding> documented() throws IOException {
        Map<String, Finding> out = new LinkedHashMap<>();
        boolean inSection = false;
        for (String line : Files.readAllLines(DOC, StandardCharsets.UTF_8)) {
            if (line.startsWith("## ")) {
                inSection = line.startsWith("## Product vs world");
            }
            Matcher m = ROW.matcher(line);
            if (inSection && m.matches()) {
                out.put(m.group(1), new Finding(m.group(1), m.group(2), m.group(3)));
            }
        }
        return out;
    }

    /** The case's record value: raw text, or the base record with its {@code set}/{@code remove} edits. */
    static byte[] recordBytes(JsonNode c) throws IOException {
        if (c.has("raw")) {
            return c.get("raw").asText().getBytes(StandardCharsets.UTF_8);
        }
        JsonNode record = c.get("record").deepCopy();
        for (JsonNode pointer : c.path("remove")) {
            JsonPointer p = JsonPointer.compile(pointer.asText());
            ((ObjectNode) record.at(p.head())).remove(p.last().getMatchingProperty());
        }
        for (Map.Entry<String, JsonNode> edit : c.path("set").properties()) {
            JsonPointer p = JsonPointer.compile(edit.getKey());
            JsonNode parent = record.at(p.head());
            if (parent instanceof ArrayNode array) {
                array.set(p.last().getMatchingIndex(), edit.getValue());
            } else {
                ((ObjectNode) parent).set(p.last().getMatchingProperty(), edit.getValue());
            }
        }
        return JSON.writeValueAsBytes(record);
    }
}
