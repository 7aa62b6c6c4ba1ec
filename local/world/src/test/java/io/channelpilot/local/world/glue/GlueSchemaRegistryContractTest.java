package io.channelpilot.local.world.glue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.msk.SdkClients;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.glue.model.AlreadyExistsException;
import software.amazon.awssdk.services.glue.model.CreateSchemaResponse;
import software.amazon.awssdk.services.glue.model.DataFormat;
import software.amazon.awssdk.services.glue.model.EntityNotFoundException;
import software.amazon.awssdk.services.glue.model.GetSchemaVersionResponse;
import software.amazon.awssdk.services.glue.model.InvalidInputException;
import software.amazon.awssdk.services.glue.model.ListSchemasResponse;

/** Glue Schema Registry operations through the real GlueClient. */
class GlueSchemaRegistryContractTest {

    static final String ORDERS_V1 = "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\","
            + "\"properties\":{\"id\":{\"type\":\"string\"},\"event_time\":{\"type\":\"string\","
            + "\"format\":\"date-time\"}},\"required\":[\"id\"]}";
    static final String ORDERS_V2 = ORDERS_V1.replace("\"required\":[\"id\"]", "\"required\":[\"id\",\"event_time\"]");

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private EmulatorServer server;
    private SchemaRegistry registry;
    private GlueClient glue;

    @BeforeEach
    void start() throws Exception {
        AtomicLong n = new AtomicLong();
        registry = new SchemaRegistry("123456789012", "us-east-1", clock, () -> new UUID(7, n.incrementAndGet()));
        server = EmulatorServer.start(new FaultInjector(1, clock)).register(new GlueEmulator(registry));
        glue = SdkClients.client(GlueClient.builder(), server.endpoint());
        glue.createRegistry(r -> r.registryName("sales").description("sales schemas").tags(Map.of("team", "data")));
    }

    @AfterEach
    void stop() {
        glue.close();
        server.close();
    }

    @Test
    void shouldCreateAndGetRegistryAndRefuseDuplicates() {
        var got = glue.getRegistry(r -> r.registryId(id -> id.registryName("sales")));
        var byArn = glue.getRegistry(r -> r.registryId(id -> id.registryArn(
                "arn:aws:glue:us-east-1:123456789012:registry/sales")));

        assertThat(got.registryArn()).isEqualTo("arn:aws:glue:us-east-1:123456789012:registry/sales");
        assertThat(got.description()).isEqualTo("sales schemas");
        assertThat(got.statusAsString()).isEqualTo("AVAILABLE");
        assertThat(got.createdTime()).isEqualTo("2026-05-01T10:00:00Z");
        assertThat(byArn.registryName()).isEqualTo("sales");
        assertThatThrownBy(() -> glue.createRegistry(r -> r.registryName("sales")))
                .isInstanceOf(AlreadyExistsException.class);
        assertThatThrownBy(() -> glue.getRegistry(r -> r.registryId(id -> id.registryName("nope"))))
                .isInstanceOf(EntityNotFoundException.class);
    }

    @Test
    void shouldCreateSchemaWithFirstVersionAndGetItBack() {
        CreateSchemaResponse created = glue.createSchema(r -> r.registryId(id -> id.registryName("sales"))
                .schemaName("orders").dataFormat(DataFormat.JSON).compatibility("NONE").schemaDefinition(ORDERS_V1));
        var schema = glue.getSchema(r -> r.schemaId(id -> id.registryName("sales").schemaName("orders")));

        assertThat(created.schemaArn()).isEqualTo("arn:aws:glue:us-east-1:123456789012:schema/sales/orders");
        assertThat(created.schemaVersionId()).isNotBlank();
        assertThat(created.schemaVersionStatusAsString()).isEqualTo("AVAILABLE");
        assertThat(created.latestSchemaVersion()).isEqualTo(1L);
        assertThat(created.nextSchemaVersion()).isEqualTo(2L);
        assertThat(schema.dataFormat()).isEqualTo(DataFormat.JSON);
        assertThat(schema.compatibilityAsString()).isEqualTo("NONE");
        assertThat(schema.registryArn()).isEqualTo("arn:aws:glue:us-east-1:123456789012:registry/sales");
        assertThat(registry.jsonSchemaProblem(created.schemaArn())).isEmpty();
    }

    @Test
    void shouldGetSchemaVersionByIdNumberAndLatest() {
        CreateSchemaResponse created = glue.createSchema(r -> r.registryId(id -> id.registryName("sales"))
                .schemaName("orders").dataFormat(DataFormat.JSON).schemaDefinition(ORDERS_V1));
        var v2 = glue.registerSchemaVersion(r -> r.schemaId(id -> id.schemaArn(created.schemaArn()))
                .schemaDefinition(ORDERS_V2));

        GetSchemaVersionResponse byId = glue.getSchemaVersion(r -> r.schemaVersionId(created.schemaVersionId()));
        GetSchemaVersionResponse first = glue.getSchemaVersion(r -> r.schemaId(id -> id.schemaArn(created.schemaArn()))
                .schemaVersionNumber(n -> n.versionNumber(1L)));
        GetSchemaVersionResponse latest = glue.getSchemaVersion(r -> r.schemaId(id -> id.registryName("sales")
                .schemaName("orders")).schemaVersionNumber(n -> n.latestVersion(true)));

        assertThat(v2.versionNumber()).isEqualTo(2L);
        assertThat(v2.statusAsString()).isEqualTo("AVAILABLE");
        assertThat(byId.schemaDefinition()).isEqualTo(ORDERS_V1);
        assertThat(byId.versionNumber()).isEqualTo(1L);
        assertThat(first.schemaVersionId()).isEqualTo(created.schemaVersionId());
        assertThat(latest.schemaVersionId()).isEqualTo(v2.schemaVersionId());
        assertThat(latest.schemaDefinition()).isEqualTo(ORDERS_V2);
        assertThat(registry.latestDefinition(created.schemaArn())).contains(ORDERS_V2);
        assertThat(registry.definitionOfVersion(created.schemaVersionId())).contains(ORDERS_V1);
        assertThat(registry.definitionOfVersion("missing")).isEmpty();
        assertThatThrownBy(() -> glue.getSchemaVersion(r -> r.schemaVersionId("missing")))
                .isInstanceOf(EntityNotFoundException.class);
        assertThatThrownBy(() -> glue.getSchemaVersion(r -> r.schemaVersionId(created.schemaVersionId())
                .schemaId(id -> id.schemaArn(created.schemaArn())))).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void shouldReturnExistingVersionForIdenticalDefinitionAndFindItByDefinition() {
        CreateSchemaResponse created = glue.createSchema(r -> r.registryId(id -> id.registryName("sales"))
                .schemaName("orders").dataFormat(DataFormat.JSON).schemaDefinition(ORDERS_V1));
        String reformatted = ORDERS_V1.replace(",", ", ");

        var again = glue.registerSchemaVersion(r -> r.schemaId(id -> id.schemaArn(created.schemaArn()))
                .schemaDefinition(reformatted));
        var found = glue.getSchemaByDefinition(r -> r.schemaId(id -> id.schemaArn(created.schemaArn()))
                .schemaDefinition(reformatted));

        assertThat(again.schemaVersionId()).isEqualTo(created.schemaVersionId());
        assertThat(again.versionNumber()).isEqualTo(1L);
        assertThat(found.schemaVersionId()).isEqualTo(created.schemaVersionId());
        assertThat(found.dataFormat()).isEqualTo(DataFormat.JSON);
        assertThatThrownBy(() -> glue.getSchemaByDefinition(r -> r.schemaId(id -> id.schemaArn(created.schemaArn()))
                .schemaDefinition(ORDERS_V2))).isInstanceOf(EntityNotFoundException.class);
    }

    @Test
    void shouldRejectInvalidDefinitionsFormatsAndDuplicates() {
        glue.createSchema(r -> r.registryId(id -> id.registryName("sales")).schemaName("orders")
                .dataFormat(DataFormat.JSON).schemaDefinition(ORDERS_V1));

        assertThatThrownBy(() -> glue.createSchema(r -> r.registryId(id -> id.registryName("sales")).schemaName("bad")
                .dataFormat(DataFormat.JSON).schemaDefinition("{not json"))).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> glue.createSchema(r -> r.registryId(id -> id.registryName("sales")).schemaName("x")
                .dataFormat("XML").schemaDefinition(ORDERS_V1))).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> glue.createSchema(r -> r.registryId(id -> id.registryName("sales"))
                .schemaName("orders").dataFormat(DataFormat.JSON).schemaDefinition(ORDERS_V1)))
                .isInstanceOf(AlreadyExistsException.class);
        assertThatThrownBy(() -> glue.createSchema(r -> r.registryId(id -> id.registryName("nope"))
                .schemaName("orders").dataFormat(DataFormat.JSON).schemaDefinition(ORDERS_V1)))
                .isInstanceOf(EntityNotFoundException.class);
    }

    @Test
    void shouldListSchemasAndRegistriesWithPagination() {
        String avro = "{\"type\":\"record\",\"name\":\"Refund\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"}]}";
        glue.createSchema(r -> r.registryId(id -> id.registryName("sales")).schemaName("orders")
                .dataFormat(DataFormat.JSON).schemaDefinition(ORDERS_V1));
        glue.createSchema(r -> r.registryId(id -> id.registryName("sales")).schemaName("refunds")
                .dataFormat(DataFormat.AVRO).schemaDefinition(avro));
        glue.createSchema(r -> r.schemaName("loose").dataFormat(DataFormat.PROTOBUF)
                .schemaDefinition("syntax = \"proto3\"; message A { string id = 1; }"));

        ListSchemasResponse page1 = glue.listSchemas(r -> r.registryId(id -> id.registryName("sales")).maxResults(1));
        ListSchemasResponse page2 = glue.listSchemas(r -> r.registryId(id -> id.registryName("sales")).maxResults(1)
                .nextToken(page1.nextToken()));
        var registries = glue.listRegistries(r -> r.maxResults(10)).registries();

        assertThat(page1.schemas()).extracting(s -> s.schemaName()).containsExactly("orders");
        assertThat(page2.schemas()).extracting(s -> s.schemaName()).containsExactly("refunds");
        assertThat(page2.nextToken()).isNull();
        assertThat(registries).extracting(r -> r.registryName()).containsExactly("sales", "default-registry");
        assertThat(registry.jsonSchemaProblem("arn:aws:glue:us-east-1:123456789012:schema/sales/refunds"))
                .hasValueSatisfying(p -> assertThat(p).contains("AVRO"));
        assertThat(registry.jsonSchemaProblem("arn:aws:glue:us-east-1:123456789012:schema/sales/none")).isPresent();
    }
}
