package io.channelpilot.gateway;

import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.glue.model.GetSchemaResponse;
import software.amazon.awssdk.services.glue.model.GetSchemaVersionResponse;
import software.amazon.awssdk.services.glue.model.SchemaId;
import software.amazon.awssdk.services.glue.model.SchemaVersionNumber;

/** {@link Gateways.SchemaRegistryGateway} over Glue GetSchema + GetSchemaVersion(latest). */
final class SdkSchemaRegistryGateway implements Gateways.SchemaRegistryGateway {

    private static final Set<String> NOT_FOUND = Set.of("EntityNotFoundException");
    private final GlueClient glue;

    public SdkSchemaRegistryGateway(GlueClient glue) {
        this.glue = glue;
    }

    @Override
    public GatewayResult<Optional<Facts.Schema>> latestSchema(String registry, String schema) {
        SchemaId id = SchemaId.builder().registryName(registry).schemaName(schema).build();
        GatewayResult<Optional<GetSchemaResponse>> head = SdkCalls.find("Glue", "GetSchema", "glue:GetSchema", NOT_FOUND,
                () -> glue.getSchema(r -> r.schemaId(id)));
        return head.fold(found -> found.isEmpty()
                ? GatewayResult.ok(Optional.empty())
                : SdkCalls.find("Glue", "GetSchemaVersion", "glue:GetSchemaVersion", NOT_FOUND,
                        () -> glue.getSchemaVersion(r -> r.schemaId(id).schemaVersionNumber(SchemaVersionNumber.builder().latestVersion(true).build())))
                        .map(version -> version.map(v -> toFacts(found.get(), v))),
                GatewayResult::failed);
    }

    private static Facts.Schema toFacts(GetSchemaResponse head, GetSchemaVersionResponse version) {
        long number = version.versionNumber() == null ? 0 : version.versionNumber();
        return new Facts.Schema(head.schemaArn(), head.dataFormatAsString(), head.schemaStatusAsString(), number,
                version.schemaDefinition());
    }
}
