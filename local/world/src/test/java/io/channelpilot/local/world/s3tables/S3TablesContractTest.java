package io.channelpilot.local.world.s3tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.msk.SdkClients;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.s3tables.S3TablesClient;
import software.amazon.awssdk.services.s3tables.model.BadRequestException;
import software.amazon.awssdk.services.s3tables.model.ConflictException;
import software.amazon.awssdk.services.s3tables.model.GetTableResponse;
import software.amazon.awssdk.services.s3tables.model.NotFoundException;
import software.amazon.awssdk.services.s3tables.model.OpenTableFormat;
import software.amazon.awssdk.services.s3tables.model.SSEAlgorithm;

/** S3 Tables operations through the real S3TablesClient. */
class S3TablesContractTest {

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private final List<String> deletions = new CopyOnWriteArrayList<>();
    private EmulatorServer server;
    private TableCatalog catalog;
    private S3TablesClient tables;
    private String bucket;

    @BeforeEach
    void start() throws Exception {
        AtomicLong n = new AtomicLong();
        catalog = new TableCatalog("123456789012", "us-east-1", clock, () -> new UUID(3, n.incrementAndGet()));
        catalog.addDeletionListener((b, ns, t) -> deletions.add(b + "|" + ns + "." + t));
        server = EmulatorServer.start(new FaultInjector(1, clock)).register(new S3TablesEmulator(catalog));
        tables = SdkClients.client(S3TablesClient.builder(), server.endpoint());
        bucket = tables.createTableBucket(r -> r.name("analytics")).arn();
    }

    @AfterEach
    void stop() {
        tables.close();
        server.close();
    }

    @Test
    void shouldCreateGetAndListTableBuckets() {
        tables.createTableBucket(r -> r.name("archive"));

        var got = tables.getTableBucket(r -> r.tableBucketARN(bucket));
        var page1 = tables.listTableBuckets(r -> r.maxBuckets(1));
        var page2 = tables.listTableBuckets(r -> r.maxBuckets(1).continuationToken(page1.continuationToken()));
        var prefixed = tables.listTableBuckets(r -> r.prefix("arc"));

        assertThat(bucket).isEqualTo("arn:aws:s3tables:us-east-1:123456789012:bucket/analytics");
        assertThat(got.name()).isEqualTo("analytics");
        assertThat(got.ownerAccountId()).isEqualTo("123456789012");
        assertThat(got.createdAt()).isEqualTo(clock.instant());
        assertThat(page1.tableBuckets()).extracting(b -> b.name()).containsExactly("analytics");
        assertThat(page2.tableBuckets()).extracting(b -> b.name()).containsExactly("archive");
        assertThat(prefixed.tableBuckets()).extracting(b -> b.name()).containsExactly("archive");
        assertThatThrownBy(() -> tables.createTableBucket(r -> r.name("analytics")))
                .isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> tables.getTableBucket(r -> r.tableBucketARN(
                "arn:aws:s3tables:us-east-1:123456789012:bucket/none"))).isInstanceOf(NotFoundException.class);
    }

    @Test
    void shouldAnswerTheTableBucketEncryptionTheProductReads() {
        // given a second bucket with a KMS key set over the wire
        String kms = "arn:aws:kms:us-east-1:123456789012:key/11111111-2222-3333-4444-555555555555";
        String archive = tables.createTableBucket(r -> r.name("archive")).arn();
        tables.putTableBucketEncryption(r -> r.tableBucketARN(archive)
                .encryptionConfiguration(e -> e.sseAlgorithm(SSEAlgorithm.AWS_KMS).kmsKeyArn(kms)));

        // when
        var byDefault = tables.getTableBucketEncryption(r -> r.tableBucketARN(bucket)).encryptionConfiguration();
        var withKms = tables.getTableBucketEncryption(r -> r.tableBucketARN(archive)).encryptionConfiguration();

        // then SSE-S3 unless set, the key when set, 404 for an unknown bucket
        assertThat(byDefault.sseAlgorithm()).isEqualTo(SSEAlgorithm.AES256);
        assertThat(byDefault.kmsKeyArn()).isNull();
        assertThat(withKms.sseAlgorithm()).isEqualTo(SSEAlgorithm.AWS_KMS);
        assertThat(withKms.kmsKeyArn()).isEqualTo(kms);
        assertThatThrownBy(() -> tables.getTableBucketEncryption(r -> r.tableBucketARN(
                "arn:aws:s3tables:us-east-1:123456789012:bucket/none"))).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> tables.putTableBucketEncryption(r -> r.tableBucketARN(archive)
                .encryptionConfiguration(e -> e.sseAlgorithm(SSEAlgorithm.AWS_KMS))))
                .isInstanceOf(BadRequestException.class).hasMessageContaining("kmsKeyArn");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Sales", "sales-eu", "sales.eu", "_sales", "sales_", "aws_sales"})
    void shouldRejectNamespacesBreakingTheNamingRules(String namespace) {
        assertThatThrownBy(() -> tables.createNamespace(r -> r.tableBucketARN(bucket).namespace(namespace)))
                .isInstanceOf(BadRequestException.class).hasMessageContaining("Invalid namespace");
        assertThat(tables.listNamespaces(r -> r.tableBucketARN(bucket)).namespaces()).isEmpty();
    }

    @Test
    void shouldRejectBadBucketAndTableNames() {
        tables.createNamespace(r -> r.tableBucketARN(bucket).namespace("sales"));

        assertThatThrownBy(() -> tables.createTableBucket(r -> r.name("Bad_Bucket")))
                .isInstanceOf(BadRequestException.class);
        assertThatThrownBy(() -> tables.createTable(r -> r.tableBucketARN(bucket).namespace("sales")
                .name("Orders-2").format(OpenTableFormat.ICEBERG))).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("Invalid table name");
    }

    @Test
    void shouldCreateGetAndListNamespaces() {
        tables.createNamespace(r -> r.tableBucketARN(bucket).namespace("sales"));
        tables.createNamespace(r -> r.tableBucketARN(bucket).namespace("support"));

        var got = tables.getNamespace(r -> r.tableBucketARN(bucket).namespace("sales"));
        var listed = tables.listNamespaces(r -> r.tableBucketARN(bucket).prefix("sa"));

        assertThat(got.namespace()).containsExactly("sales");
        assertThat(got.ownerAccountId()).isEqualTo("123456789012");
        assertThat(listed.namespaces()).extracting(ns -> ns.namespace().get(0)).containsExactly("sales");
        assertThatThrownBy(() -> tables.createNamespace(r -> r.tableBucketARN(bucket).namespace("sales")))
                .isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> tables.getNamespace(r -> r.tableBucketARN(bucket).namespace("none")))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void shouldCreateGetListAndDeleteTablesAndNotifyListeners() {
        tables.createNamespace(r -> r.tableBucketARN(bucket).namespace("sales"));
        var created = tables.createTable(r -> r.tableBucketARN(bucket).namespace("sales").name("orders")
                .format(OpenTableFormat.ICEBERG));

        GetTableResponse byName = tables.getTable(r -> r.tableBucketARN(bucket).namespace("sales").name("orders"));
        GetTableResponse byArn = tables.getTable(r -> r.tableArn(created.tableARN()));
        var listed = tables.listTables(r -> r.tableBucketARN(bucket).namespace("sales"));
        tables.deleteTable(r -> r.tableBucketARN(bucket).namespace("sales").name("orders")
                .versionToken(created.versionToken()));

        assertThat(created.tableARN()).startsWith(bucket + "/table/");
        assertThat(byName.tableARN()).isEqualTo(created.tableARN());
        assertThat(byName.namespace()).containsExactly("sales");
        assertThat(byName.warehouseLocation()).startsWith("s3://").endsWith("--table-s3");
        assertThat(byName.formatAsString()).isEqualTo("ICEBERG");
        assertThat(byArn.name()).isEqualTo("orders");
        assertThat(listed.tables()).extracting(t -> t.name()).containsExactly("orders");
        assertThat(deletions).containsExactly(bucket + "|sales.orders");
        assertThatThrownBy(() -> tables.getTable(r -> r.tableBucketARN(bucket).namespace("sales").name("orders")))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> tables.deleteTable(r -> r.tableBucketARN(bucket).namespace("sales").name("orders")))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void shouldRefuseDeleteWithStaleVersionTokenAndDuplicateTables() {
        tables.createNamespace(r -> r.tableBucketARN(bucket).namespace("sales"));
        tables.createTable(r -> r.tableBucketARN(bucket).namespace("sales").name("orders")
                .format(OpenTableFormat.ICEBERG));

        assertThatThrownBy(() -> tables.deleteTable(r -> r.tableBucketARN(bucket).namespace("sales").name("orders")
                .versionToken("stale"))).isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> tables.createTable(r -> r.tableBucketARN(bucket).namespace("sales").name("orders")
                .format(OpenTableFormat.ICEBERG))).isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> tables.createTable(r -> r.tableBucketARN(bucket).namespace("none").name("orders")
                .format(OpenTableFormat.ICEBERG))).isInstanceOf(NotFoundException.class);
        assertThat(deletions).isEmpty();
    }

    @Test
    void shouldCreateTheChannelTableOnFirstDeliveryWithItsNamespace() {
        TableView t = catalog.createTableForChannel(bucket, "sales", "orders");
        TableView again = catalog.createTableForChannel(bucket, "sales", "orders");
        catalog.updateMetadataLocation(bucket, "sales", "orders", t.warehouseLocation() + "/metadata/00001.json");

        GetTableResponse got = tables.getTable(r -> r.tableBucketARN(bucket).namespace("sales").name("orders"));

        assertThat(again.tableArn()).isEqualTo(t.tableArn());
        assertThat(got.managedByService()).isEqualTo("kafka.amazonaws.com");
        assertThat(got.metadataLocation()).endsWith("/metadata/00001.json");
        assertThat(got.versionToken()).isNotEqualTo(t.versionToken());
        assertThat(catalog.warehouseLocation(bucket, "sales", "orders")).contains(t.warehouseLocation());
    }
}
