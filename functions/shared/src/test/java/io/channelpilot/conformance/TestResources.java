package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads schemas and case files from src/test/resources/conformance. */
final class TestResources {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private TestResources() {
    }

    static String text(String path) {
        try (InputStream in = TestResources.class.getResourceAsStream("/conformance/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource conformance/" + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String schema(String name) {
        return text("schemas/" + name);
    }

    static JsonNode json(String path) {
        try {
            return MAPPER.readTree(text(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RecordConformer conformer(String schemaName, String partition) {
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(schema(schemaName), partition);
        if (!analysis.isUsable()) {
            throw new IllegalStateException(schemaName + " is not usable: " + analysis.errors());
        }
        return RecordConformer.of(analysis);
    }
}
