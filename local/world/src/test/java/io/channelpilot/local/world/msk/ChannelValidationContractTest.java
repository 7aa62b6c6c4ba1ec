package io.channelpilot.local.world.msk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.kafka.model.BadRequestException;
import software.amazon.awssdk.services.kafka.model.ConflictException;
import software.amazon.awssdk.services.kafka.model.CreateChannelRequest;
import software.amazon.awssdk.services.kafka.model.NotFoundException;
import software.amazon.awssdk.services.kafka.model.PartitionSpec;

/** Every CreateChannel rule of reference §1.1 rejected with BadRequestException naming the member, nothing created. */
class ChannelValidationContractTest {

    private MskFixture world;

    @BeforeEach
    void start() throws Exception {
        world = new MskFixture();
    }

    @AfterEach
    void stop() {
        world.close();
    }

    static Stream<Arguments> invalidRequests() {
        return Stream.of(
                bad("standard cluster", "clusterArn", null),
                bad("serverless cluster", "clusterArn", null),
                bad("bad channel name", "channelName", b -> b.channelName("orders channel!")),
                bad("two topics", "topicConfigurationList", b -> b.topicConfigurationList(
                        t -> t.topicArn("a").recordConverter(r -> r.valueConverter("JSON")),
                        t -> t.topicArn("b").recordConverter(r -> r.valueConverter("JSON")))),
                bad("unknown topic", "topicArn", b -> b.topicConfigurationList(t -> t
                        .topicArn("arn:aws:kafka:us-east-1:123456789012:topic/express-1/x/nope")
                        .recordConverter(r -> r.valueConverter("JSON_SCHEMA_GSR")))),
                bad("STRING converter for Iceberg", "valueConverter", b -> b.topicConfigurationList(t -> t
                        .topicArn(topic()).recordConverter(r -> r.valueConverter("STRING")))),
                bad("JSON without schema", "recordSchema", b -> b.topicConfigurationList(t -> t
                        .topicArn(topic()).recordConverter(r -> r.valueConverter("JSON")))),
                bad("both destinations", "destinationConfiguration", b -> b.s3DestinationConfiguration(s -> s
                        .serviceExecutionRoleArn(MskFixture.ROLE))),
                bad("no destination", "destinationConfiguration", b -> b.icebergDestinationConfiguration(
                        (software.amazon.awssdk.services.kafka.model.IcebergDestinationConfiguration) null)),
                bad("appendOnly false", "appendOnly", b -> iceberg(b, d -> d.appendOnly(false))),
                bad("schema evolution on", "enableSchemaEvolution", b -> iceberg(b,
                        d -> d.schemaEvolution(s -> s.enableSchemaEvolution(true)))),
                bad("table creation off", "enableTableCreation", b -> iceberg(b,
                        d -> d.tableCreation(s -> s.enableTableCreation(false)))),
                bad("two tables", "destinationTableList", b -> iceberg(b, d -> d.destinationTableList(
                        t -> t.destinationDatabaseName("a").destinationTableName("b"),
                        t -> t.destinationDatabaseName("a").destinationTableName("c")))),
                bad("missing sourceList", "sourceList", b -> iceberg(b, d -> d.destinationTableList(t -> t
                        .destinationDatabaseName("sales").destinationTableName("orders")
                        .partitionSpec(p -> p.partitionStrategy("TIME_HOUR"))))),
                bad("empty sourceList", "sourceList", b -> iceberg(b, d -> d.destinationTableList(t -> t
                        .destinationDatabaseName("sales").destinationTableName("orders")
                        .partitionSpec(PartitionSpec.builder().partitionStrategy("TIME_HOUR")
                                .sourceList(java.util.List.of()).build())))),
                bad("two sources", "sourceList", b -> iceberg(b, d -> d.destinationTableList(t -> t
                        .destinationDatabaseName("sales").destinationTableName("orders")
                        .partitionSpec(p -> p.partitionStrategy("TIME_HOUR")
                                .sourceList(s -> s.sourceName("a"), s -> s.sourceName("b")))))),
                bad("freshness below 300", "dataFreshnessInSeconds", b -> iceberg(b,
                        d -> d.dataFreshnessInSeconds(299))),
                bad("freshness above 900", "dataFreshnessInSeconds", b -> iceberg(b,
                        d -> d.dataFreshnessInSeconds(901))),
                bad("no DLQ bucket", "bucketArn", b -> iceberg(b, d -> d.deadLetterQueueS3(q -> q.errorOutputPrefix("e/")))),
                bad("no role", "serviceExecutionRoleArn", b -> iceberg(b, d -> d.serviceExecutionRoleArn(null))),
                bad("no catalog", "catalog", b -> iceberg(b, d -> d.catalog(
                        (software.amazon.awssdk.services.kafka.model.Catalog) null))),
                bad("missing log group", "logGroup", b -> b.loggingInfo(l -> l.cloudWatchLogs(c -> c.enabled(true)
                        .logGroup("/aws/msk/missing")))),
                bad("aws: tag key", "tags", b -> b.tags(java.util.Map.of("aws:x", "y"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidRequests")
    void shouldRejectInvalidCreateChannelWithBadRequestNamingTheParameter(String label, String parameter,
                                                                          UnaryOperator<CreateChannelRequest.Builder> edit) {
        CreateChannelRequest.Builder builder = world.validRequest("orders-channel");
        if (label.equals("standard cluster")) {
            builder.clusterArn(world.standard).topicConfigurationList(t -> t.topicArn(world.msk.settings().arnPrefix()
                    + "topic/standard-1/7a7a7a7a-8c3e-4b4e-9d0a-1b2c3d4e5f60-1/orders")
                    .recordConverter(r -> r.valueConverter("JSON_SCHEMA_GSR")));
        } else if (label.equals("serverless cluster")) {
            builder.clusterArn(world.serverless);
        } else {
            builder = edit.apply(builder);
        }
        CreateChannelRequest request = builder.build();

        assertThatThrownBy(() -> world.kafka.createChannel(request))
                .isInstanceOfSatisfying(BadRequestException.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(400);
                    assertThat(e.invalidParameter()).isEqualTo(parameter);
                });
        assertThat(world.msk.channels()).isEmpty();
        assertThat(world.eventsNamed("CreateChannel")).isEmpty();
    }

    @Test
    void shouldExplainExpressRequirementWhenClusterUsesStandardBrokers() {
        CreateChannelRequest request = world.validRequest("c").clusterArn(world.standard).build();

        assertThatThrownBy(() -> world.kafka.createChannel(request))
                .hasMessageContaining("Express brokers").hasMessageContaining("kafka.m5.large");
    }

    @Test
    void shouldRejectDuplicateNameWithConflict() {
        world.kafka.createChannel(world.validRequest("orders-channel").build());

        assertThatThrownBy(() -> world.kafka.createChannel(world.validRequest("orders-channel").build()))
                .isInstanceOfSatisfying(ConflictException.class, e -> assertThat(e.statusCode()).isEqualTo(409));
        assertThat(world.msk.channels()).hasSize(1);
    }

    @Test
    void shouldRaiseNotFoundForUnknownCluster() {
        CreateChannelRequest request = world.validRequest("c")
                .clusterArn("arn:aws:kafka:us-east-1:123456789012:cluster/none/00000000-0000-0000-0000-000000000000-1")
                .build();

        assertThatThrownBy(() -> world.kafka.createChannel(request)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void shouldAcceptNameOutsideThePatternWhenEnforcementIsOff() throws Exception {
        try (MskFixture lax = new MskFixture(MskSettings.defaults("123456789012", "us-east-1")
                .withEnforceChannelNamePattern(false))) {
            String arn = lax.kafka.createChannel(lax.validRequest("orders channel!").build()).channelArn();

            assertThat(lax.msk.channel(arn)).isPresent();
        }
    }

    private static String topic() {
        return "arn:aws:kafka:us-east-1:123456789012:topic/express-1/2f1c7a52-8c3e-4b4e-9d0a-1b2c3d4e5f60-3/orders";
    }

    private static CreateChannelRequest.Builder iceberg(CreateChannelRequest.Builder b,
            UnaryOperator<software.amazon.awssdk.services.kafka.model.IcebergDestinationConfiguration.Builder> edit) {
        var current = b.build().icebergDestinationConfiguration().toBuilder();
        return b.icebergDestinationConfiguration(edit.apply(current).build());
    }

    private static Arguments bad(String label, String parameter, UnaryOperator<CreateChannelRequest.Builder> edit) {
        return Arguments.of(label, parameter, edit == null ? UnaryOperator.<CreateChannelRequest.Builder>identity() : edit);
    }
}
