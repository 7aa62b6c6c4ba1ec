package io.channelpilot.local.world.glue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * AWS Glue Schema Registry on the shared endpoint (AWS JSON 1.1, signing name {@code glue}, target prefix
 * {@code AWSGlue.}): registries, schemas, versions and GetSchemaByDefinition. ARNs
 * {@code arn:aws:glue:{r}:{a}:registry/{name}} and {@code schema/{registry}/{schema}}.
 */
public final class GlueEmulator implements ServiceEmulator {

    static final Set<String> OPERATIONS = Set.of("CreateRegistry", "GetRegistry", "ListRegistries", "CreateSchema",
            "GetSchema", "ListSchemas", "GetSchemaVersion", "RegisterSchemaVersion", "GetSchemaByDefinition");

    private final SchemaRegistry registry;

    public GlueEmulator(SchemaRegistry registry) {
        this.registry = registry;
    }

    public SchemaRegistry registry() {
        return registry;
    }

    @Override
    public String signingName() {
        return "glue";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AWS_JSON_1_1;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "ThrottlingException", "Rate exceeded");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "InternalServiceException", "Injected internal error");
    }

    @Override
    public String operationOf(AwsRequest request) {
        String op = request.targetOperation().orElse("");
        if (!OPERATIONS.contains(op)) {
            throw new AwsServiceError(400, "UnknownOperationException", "The local world does not emulate Glue "
                    + "operation '" + op + "'");
        }
        return op;
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        JsonNode in = Json.parse(request.body());
        ObjectNode out = switch (operation) {
            case "CreateRegistry" -> createRegistry(in);
            case "GetRegistry" -> registryJson(registry.registry(text(in.path("RegistryId"), "RegistryName"),
                    text(in.path("RegistryId"), "RegistryArn")));
            case "ListRegistries" -> listRegistries(in);
            case "CreateSchema" -> createSchema(in);
            case "GetSchema" -> schemaJson(schema(in.path("SchemaId")));
            case "ListSchemas" -> listSchemas(in);
            case "GetSchemaVersion" -> getSchemaVersion(in);
            case "RegisterSchemaVersion" -> registerVersion(in);
            case "GetSchemaByDefinition" -> byDefinition(in);
            default -> throw new IllegalStateException(operation);
        };
        return AwsResponse.json(200, out, Protocol.AWS_JSON_1_1);
    }

    private ObjectNode createRegistry(JsonNode in) {
        String name = text(in, "RegistryName");
        String arn = registry.createRegistry(name, text(in, "Description"), tags(in));
        ObjectNode out = Json.object().put("RegistryArn", arn).put("RegistryName", name);
        putIfPresent(out, "Description", text(in, "Description"));
        out.set("Tags", Json.MAPPER.valueToTree(tags(in)));
        return out;
    }

    private ObjectNode listRegistries(JsonNode in) {
        List<SchemaRegistry.Registry> all = registry.registries();
        GluePaging.Page<SchemaRegistry.Registry> page = GluePaging.page(all, in);
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("Registries");
        page.items().forEach(r -> list.add(registryJson(r).put("UpdatedTime", iso(r.createdTime()))));
        page.nextToken().ifPresent(t -> out.put("NextToken", t));
        return out;
    }

    private ObjectNode createSchema(JsonNode in) {
        String registryName = text(in.path("RegistryId"), "RegistryName");
        String registryArn = text(in.path("RegistryId"), "RegistryArn");
        if (registryName == null && registryArn != null) {
            registryName = registry.registry(null, registryArn).name();
        }
        SchemaRegistry.RegisteredSchemaView v = registry.createSchema(registryName, text(in, "SchemaName"),
                text(in, "DataFormat"), text(in, "Compatibility"), text(in, "Description"), tags(in),
                text(in, "SchemaDefinition"));
        RegisteredSchema s = registry.schema(v.registryName(), v.name(), null);
        ObjectNode out = schemaJson(s);
        out.remove("CreatedTime");
        out.remove("UpdatedTime");
        out.set("Tags", Json.MAPPER.valueToTree(s.tags));
        s.latest().ifPresent(version -> out.put("SchemaVersionId", version.schemaVersionId())
                .put("SchemaVersionStatus", "AVAILABLE"));
        return out;
    }

    private ObjectNode listSchemas(JsonNode in) {
        JsonNode id = in.path("RegistryId");
        String registryName = null;
        if (!id.isMissingNode()) {
            registryName = registry.registry(text(id, "RegistryName"), text(id, "RegistryArn")).name();
        }
        GluePaging.Page<RegisteredSchema> page = GluePaging.page(registry.schemas(registryName), in);
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("Schemas");
        for (RegisteredSchema s : page.items()) {
            ObjectNode item = list.addObject().put("RegistryName", s.registryName).put("SchemaName", s.name)
                    .put("SchemaArn", s.arn).put("SchemaStatus", "AVAILABLE")
                    .put("CreatedTime", iso(s.createdTime)).put("UpdatedTime", iso(s.updatedTime));
            putIfPresent(item, "Description", s.description);
        }
        page.nextToken().ifPresent(t -> out.put("NextToken", t));
        return out;
    }

    private ObjectNode getSchemaVersion(JsonNode in) {
        String versionId = text(in, "SchemaVersionId");
        boolean bySchema = in.has("SchemaId") || in.has("SchemaVersionNumber");
        if ((versionId == null) == !bySchema) {
            throw GlueErrors.invalidInput("Provide either SchemaVersionId or SchemaId with SchemaVersionNumber");
        }
        if (versionId != null) {
            return versionJson(registry.schemaOfVersion(registry.versionById(versionId).schemaVersionId()),
                    registry.versionById(versionId));
        }
        RegisteredSchema s = schema(in.path("SchemaId"));
        JsonNode number = in.path("SchemaVersionNumber");
        boolean latest = number.path("LatestVersion").asBoolean(false);
        if (latest == number.has("VersionNumber")) {
            throw GlueErrors.invalidInput("SchemaVersionNumber needs exactly one of LatestVersion=true or"
                    + " VersionNumber");
        }
        SchemaVersion v = (latest ? s.latest() : s.version(number.path("VersionNumber").asLong()))
                .orElseThrow(() -> GlueErrors.notFound("Schema version is not found for " + s.arn));
        return versionJson(s, v);
    }

    private ObjectNode registerVersion(JsonNode in) {
        JsonNode id = in.path("SchemaId");
        SchemaVersion v = registry.registerVersion(text(id, "RegistryName"), text(id, "SchemaName"),
                text(id, "SchemaArn"), text(in, "SchemaDefinition"));
        return Json.object().put("SchemaVersionId", v.schemaVersionId()).put("VersionNumber", v.versionNumber())
                .put("Status", "AVAILABLE");
    }

    private ObjectNode byDefinition(JsonNode in) {
        RegisteredSchema s = schema(in.path("SchemaId"));
        SchemaVersion v = registry.byDefinition(s, text(in, "SchemaDefinition"))
                .orElseThrow(() -> GlueErrors.notFound("Schema version is not found for the given definition in "
                        + s.arn));
        return Json.object().put("SchemaVersionId", v.schemaVersionId()).put("SchemaArn", s.arn)
                .put("DataFormat", s.dataFormat).put("Status", "AVAILABLE").put("CreatedTime", iso(v.createdTime()));
    }

    private RegisteredSchema schema(JsonNode id) {
        return registry.schema(text(id, "RegistryName"), text(id, "SchemaName"), text(id, "SchemaArn"));
    }

    private static ObjectNode registryJson(SchemaRegistry.Registry r) {
        ObjectNode out = Json.object().put("RegistryName", r.name()).put("RegistryArn", r.arn());
        putIfPresent(out, "Description", r.description());
        return out.put("Status", "AVAILABLE").put("CreatedTime", iso(r.createdTime()))
                .put("UpdatedTime", iso(r.createdTime()));
    }

    private ObjectNode schemaJson(RegisteredSchema s) {
        String registryArn = registry.registry(s.registryName, null).arn();
        ObjectNode out = Json.object().put("RegistryName", s.registryName).put("RegistryArn", registryArn)
                .put("SchemaName", s.name).put("SchemaArn", s.arn);
        putIfPresent(out, "Description", s.description);
        long latest = s.latest().map(SchemaVersion::versionNumber).orElse(0L);
        return out.put("DataFormat", s.dataFormat).put("Compatibility", s.compatibility)
                .put("SchemaCheckpoint", Math.max(1, latest)).put("LatestSchemaVersion", latest)
                .put("NextSchemaVersion", latest + 1).put("SchemaStatus", "AVAILABLE")
                .put("CreatedTime", iso(s.createdTime)).put("UpdatedTime", iso(s.updatedTime));
    }

    private static ObjectNode versionJson(RegisteredSchema s, SchemaVersion v) {
        return Json.object().put("SchemaVersionId", v.schemaVersionId()).put("SchemaDefinition", v.definition())
                .put("DataFormat", s.dataFormat).put("SchemaArn", s.arn).put("VersionNumber", v.versionNumber())
                .put("Status", "AVAILABLE").put("CreatedTime", iso(v.createdTime()));
    }

    private static Map<String, String> tags(JsonNode in) {
        Map<String, String> out = new LinkedHashMap<>();
        in.path("Tags").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isTextual() ? v.asText() : null;
    }

    private static void putIfPresent(ObjectNode out, String field, String value) {
        if (value != null) {
            out.put(field, value);
        }
    }

    static String iso(Instant t) {
        return t.toString();
    }
}
