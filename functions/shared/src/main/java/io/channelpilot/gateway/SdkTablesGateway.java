package io.channelpilot.gateway;

import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.s3tables.S3TablesClient;

/** {@link Gateways.TablesGateway} over S3 Tables GetTableBucket / GetTableBucketEncryption / GetNamespace / GetTable. */
final class SdkTablesGateway implements Gateways.TablesGateway {

    private static final String SERVICE = "S3 Tables";
    private static final Set<String> NOT_FOUND = Set.of("NotFoundException");
    private final S3TablesClient tables;

    public SdkTablesGateway(S3TablesClient tables) {
        this.tables = tables;
    }

    @Override
    public GatewayResult<Optional<Facts.TableBucket>> tableBucket(String tableBucketArn) {
        return SdkCalls.find(SERVICE, "GetTableBucket", "s3tables:GetTableBucket", NOT_FOUND, () -> {
            var b = tables.getTableBucket(r -> r.tableBucketARN(tableBucketArn));
            return new Facts.TableBucket(b.arn(), b.name(), b.ownerAccountId());
        });
    }

    @Override
    public GatewayResult<Facts.BucketEncryption> tableBucketEncryption(String tableBucketArn) {
        return SdkCalls.find(SERVICE, "GetTableBucketEncryption", "s3tables:GetTableBucketEncryption", NOT_FOUND, () -> {
            var e = tables.getTableBucketEncryption(r -> r.tableBucketARN(tableBucketArn)).encryptionConfiguration();
            return e == null ? null : Facts.BucketEncryption.of(e.sseAlgorithmAsString(), e.kmsKeyArn());
        }).map(found -> found.orElse(Facts.BucketEncryption.of("", "")));
    }

    @Override
    public GatewayResult<Boolean> namespaceExists(String tableBucketArn, String namespace) {
        return SdkCalls.find(SERVICE, "GetNamespace", "s3tables:GetNamespace", NOT_FOUND,
                () -> tables.getNamespace(r -> r.tableBucketARN(tableBucketArn).namespace(namespace))).map(Optional::isPresent);
    }

    @Override
    public GatewayResult<Optional<Facts.Table>> table(String tableBucketArn, String namespace, String name) {
        return SdkCalls.find(SERVICE, "GetTable", "s3tables:GetTable", NOT_FOUND, () -> {
            var t = tables.getTable(r -> r.tableBucketARN(tableBucketArn).namespace(namespace).name(name));
            return new Facts.Table(t.tableARN(), namespace, t.name());
        });
    }
}
