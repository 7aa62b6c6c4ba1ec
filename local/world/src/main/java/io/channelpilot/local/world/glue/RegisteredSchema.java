package io.channelpilot.local.world.glue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A schema of a registry with its versions (1-based, in order). Guarded by the registry's monitor. */
final class RegisteredSchema {

    final String registryName;
    final String name;
    final String arn;
    final String dataFormat;
    final String compatibility;
    final String description;
    final Map<String, String> tags;
    final Instant createdTime;
    final List<SchemaVersion> versions = new ArrayList<>();
    Instant updatedTime;

    RegisteredSchema(String registryName, String name, String arn, String dataFormat, String compatibility,
                     String description, Map<String, String> tags, Instant createdTime) {
        this.registryName = registryName;
        this.name = name;
        this.arn = arn;
        this.dataFormat = dataFormat;
        this.compatibility = compatibility;
        this.description = description;
        this.tags = Map.copyOf(tags);
        this.createdTime = createdTime;
        this.updatedTime = createdTime;
    }

    Optional<SchemaVersion> latest() {
        return versions.isEmpty() ? Optional.empty() : Optional.of(versions.get(versions.size() - 1));
    }

    Optional<SchemaVersion> version(long number) {
        return versions.stream().filter(v -> v.versionNumber() == number).findFirst();
    }
}
