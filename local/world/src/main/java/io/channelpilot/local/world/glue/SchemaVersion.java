package io.channelpilot.local.world.glue;

import java.time.Instant;

/** One registered version of a schema. Status is always {@code AVAILABLE}: the emulator checks no compatibility. */
public record SchemaVersion(String schemaVersionId, long versionNumber, String definition, Instant createdTime) {
}
