package io.channelpilot.local.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test resources under src/test/resources/fixture. */
public final class Fixtures {

    private Fixtures() {
    }

    public static Path path(String relative) {
        try {
            return Path.of(Fixtures.class.getResource("/fixture/" + relative).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalArgumentException("missing fixture " + relative, e);
        }
    }

    public static JsonNode json(String relative) {
        try {
            return Json.MAPPER.readTree(Files.readString(path(relative)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
