package io.channelpilot.notification;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The documented AWS Chatbot custom-notification shape (docs/schemas), for the tests that pin the chat form. */
public final class ChatbotSchema {

    private ChatbotSchema() {
    }

    public static Schema load() {
        try {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
                    .getSchema(Files.readString(Path.of("../../docs/schemas/chatbot-custom-notification.schema.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
