package io.channelpilot.tests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tests derive worlds from the repository's world files and write them to a temporary folder. A world file reads
 * files only inside its own folder (issue 13), so the copy carries each {@code definitionFile}'s text inline.
 */
public final class WorldCopies {

    private WorldCopies() {
    }

    /** Replaces every schema's {@code definitionFile} (relative to {@code sourceFolder}) by its {@code definition}. */
    public static void inlineDefinitionFiles(JsonNode world, Path sourceFolder) {
        for (JsonNode registry : world.path("schemaRegistries")) {
            for (JsonNode schema : registry.path("schemas")) {
                if (schema.has("definitionFile")) {
                    try {
                        String text = Files.readString(sourceFolder.resolve(schema.get("definitionFile").asText()));
                        ((ObjectNode) schema).remove("definitionFile");
                        ((ObjectNode) schema).put("definition", text);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
        }
    }
}
