package io.channelpilot.local.world.glue;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.http.Json;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The Glue Schema Registry state: registries, schemas, versions. Thread-safe (every method synchronises on this).
 * ASSUMPTION: compatibility modes are recorded but never enforced; every version is {@code AVAILABLE}.
 */
public final class SchemaRegistry {

    /** The registry AWS uses when CreateSchema names none (it is created on first use). */
    public static final String DEFAULT_REGISTRY = "default-registry";
    static final Set<String> DATA_FORMATS = Set.of("AVRO", "JSON", "PROTOBUF");
    static final Set<String> COMPATIBILITIES = Set.of("NONE", "DISABLED", "BACKWARD", "BACKWARD_ALL", "FORWARD",
            "FORWARD_ALL", "FULL", "FULL_ALL");
    private static final Pattern NAME = Pattern.compile("^[a-zA-Z0-9-_$#.]{1,255}$");

    /** A registry. */
    record Registry(String name, String arn, String description, Map<String, String> tags, Instant createdTime) {
    }

    private final String arnPrefix;
    private final Clock clock;
    private final Supplier<UUID> ids;
    private final Map<String, Registry> registries = new LinkedHashMap<>();
    private final Map<String, RegisteredSchema> schemas = new LinkedHashMap<>();

    public SchemaRegistry(String account, String region, Clock clock, Supplier<UUID> ids) {
        this.arnPrefix = "arn:aws:glue:" + region + ":" + account + ":";
        this.clock = clock;
        this.ids = ids;
    }

    public synchronized String createRegistry(String name, String description, Map<String, String> tags) {
        requireName("RegistryName", name);
        if (registries.containsKey(name)) {
            throw GlueErrors.alreadyExists("Registry already exists. RegistryName: " + name);
        }
        Registry r = new Registry(name, arnPrefix + "registry/" + name, description, Map.copyOf(tags), clock.instant());
        registries.put(name, r);
        return r.arn();
    }

    synchronized Registry registry(String name, String arn) {
        String key = name != null ? name : arn != null ? nameFromArn(arn, "registry/") : null;
        if (key == null) {
            throw GlueErrors.invalidInput("RegistryId must name a RegistryName or a RegistryArn");
        }
        Registry r = registries.get(key);
        if (r == null) {
            throw GlueErrors.notFound("Registry is not found. RegistryName: " + key);
        }
        return r;
    }

    synchronized List<Registry> registries() {
        return List.copyOf(registries.values());
    }

    /** Creates a schema and, when a definition is given, its version 1. */
    public synchronized RegisteredSchemaView createSchema(String registryName, String name, String dataFormat,
                                                          String compatibility, String description,
                                                          Map<String, String> tags, String definition) {
        String reg = registryName == null ? DEFAULT_REGISTRY : registryName;
        if (registryName == null && !registries.containsKey(DEFAULT_REGISTRY)) {
            createRegistry(DEFAULT_REGISTRY, null, Map.of());
        }
        registry(reg, null);
        requireName("SchemaName", name);
        if (dataFormat == null || !DATA_FORMATS.contains(dataFormat)) {
            throw GlueErrors.invalidInput("DataFormat must be one of " + DATA_FORMATS + ", was " + dataFormat);
        }
        String compat = compatibility == null ? "BACKWARD" : compatibility;
        if (!COMPATIBILITIES.contains(compat)) {
            throw GlueErrors.invalidInput("Compatibility must be one of " + COMPATIBILITIES);
        }
        String key = reg + "/" + name;
        if (schemas.containsKey(key)) {
            throw GlueErrors.alreadyExists("Schema already exists. SchemaName: " + name + " RegistryName: " + reg);
        }
        RegisteredSchema s = new RegisteredSchema(reg, name, arnPrefix + "schema/" + key, dataFormat, compat,
                description, tags, clock.instant());
        if (definition != null) {
            s.versions.add(newVersion(s, definition, 1));
        }
        schemas.put(key, s);
        return view(s);
    }

    /** Registers a definition; an identical definition returns the existing version (as AWS does). */
    public synchronized SchemaVersion registerVersion(String registryName, String schemaName, String schemaArn,
                                                      String definition) {
        RegisteredSchema s = schema(registryName, schemaName, schemaArn);
        Optional<SchemaVersion> same = byDefinition(s, definition);
        if (same.isPresent()) {
            return same.get();
        }
        SchemaVersion v = newVersion(s, definition, s.versions.size() + 1L);
        s.versions.add(v);
        s.updatedTime = clock.instant();
        return v;
    }

    synchronized RegisteredSchema schema(String registryName, String schemaName, String schemaArn) {
        String key;
        if (schemaArn != null) {
            key = nameFromArn(schemaArn, "schema/");
        } else if (schemaName != null) {
            key = (registryName == null ? DEFAULT_REGISTRY : registryName) + "/" + schemaName;
        } else {
            throw GlueErrors.invalidInput("SchemaId must name a SchemaArn or a SchemaName");
        }
        RegisteredSchema s = schemas.get(key);
        if (s == null) {
            throw GlueErrors.notFound("Schema is not found. SchemaId: " + key);
        }
        return s;
    }

    synchronized SchemaVersion versionById(String versionId) {
        return schemas.values().stream().flatMap(s -> s.versions.stream())
                .filter(v -> v.schemaVersionId().equals(versionId)).findFirst()
                .orElseThrow(() -> GlueErrors.notFound("Schema version is not found. SchemaVersionId: " + versionId));
    }

    synchronized RegisteredSchema schemaOfVersion(String versionId) {
        return schemas.values().stream().filter(s -> s.versions.stream()
                .anyMatch(v -> v.schemaVersionId().equals(versionId))).findFirst().orElseThrow();
    }

    synchronized Optional<SchemaVersion> byDefinition(RegisteredSchema s, String definition) {
        String normalized = normalize(s.dataFormat, definition);
        return s.versions.stream().filter(v -> normalize(s.dataFormat, v.definition()).equals(normalized)).findFirst();
    }

    synchronized List<RegisteredSchema> schemas(String registryName) {
        List<RegisteredSchema> out = new ArrayList<>();
        schemas.values().stream().filter(s -> registryName == null || s.registryName.equals(registryName))
                .forEach(out::add);
        return out;
    }

    // ---- Java API for the world ----

    /** Why {@code schemaArn} is not a resolvable JSON schema, or empty when it is (MSK plain-JSON channels). */
    public synchronized Optional<String> jsonSchemaProblem(String schemaArn) {
        RegisteredSchema s = schemas.get(nameFromArn(schemaArn, "schema/"));
        if (s == null) {
            return Optional.of("schema " + schemaArn + " does not exist");
        }
        if (!"JSON".equals(s.dataFormat)) {
            return Optional.of("schema " + schemaArn + " has data format " + s.dataFormat + ", not JSON");
        }
        return s.latest().isPresent() ? Optional.empty() : Optional.of("schema " + schemaArn + " has no version");
    }

    /** A version's definition by its id ({@code JSON_SCHEMA_GSR} records carry the id), for the delivery simulation. */
    public synchronized Optional<String> definitionOfVersion(String schemaVersionId) {
        return schemas.values().stream().flatMap(s -> s.versions.stream())
                .filter(v -> v.schemaVersionId().equals(schemaVersionId)).findFirst().map(SchemaVersion::definition);
    }

    /** The latest definition of a schema, for the delivery simulation. */
    public synchronized Optional<String> latestDefinition(String schemaArn) {
        return Optional.ofNullable(schemas.get(nameFromArn(schemaArn, "schema/")))
                .flatMap(RegisteredSchema::latest).map(SchemaVersion::definition);
    }

    /** Summary of a schema returned to callers of the Java API. */
    public record RegisteredSchemaView(String arn, String registryName, String name, String dataFormat,
                                       Optional<SchemaVersion> latest) {
    }

    RegisteredSchemaView view(RegisteredSchema s) {
        return new RegisteredSchemaView(s.arn, s.registryName, s.name, s.dataFormat, s.latest());
    }

    private SchemaVersion newVersion(RegisteredSchema s, String definition, long number) {
        normalize(s.dataFormat, definition);
        return new SchemaVersion(ids.get().toString(), number, definition, clock.instant());
    }

    /** JSON and Avro definitions compare as parsed JSON; Protobuf as trimmed text. Invalid text is refused. */
    static String normalize(String dataFormat, String definition) {
        if (definition == null || definition.isBlank()) {
            throw GlueErrors.invalidInput("SchemaDefinition must not be empty");
        }
        if ("PROTOBUF".equals(dataFormat)) {
            return definition.trim();
        }
        try {
            JsonNode node = Json.MAPPER.readTree(definition);
            boolean avroForm = "AVRO".equals(dataFormat) && node != null && (node.isArray() || node.isTextual());
            if (node == null || !(node.isObject() || avroForm)) {
                throw new IOException("not a schema document");
            }
            return Json.MAPPER.writeValueAsString(node);
        } catch (IOException e) {
            throw GlueErrors.invalidInput("Schema definition of " + dataFormat + " data format is invalid: "
                    + e.getMessage());
        }
    }

    private static void requireName(String field, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw GlueErrors.invalidInput(field + " must be 1-255 characters of letters, digits, '-', '_', '$', '#',"
                    + " '.', was " + name);
        }
    }

    private static String nameFromArn(String arn, String marker) {
        int i = arn.indexOf(":" + marker);
        return i < 0 ? arn : arn.substring(i + marker.length() + 1);
    }
}
