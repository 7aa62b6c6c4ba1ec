package io.channelpilot.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Objects;

/**
 * The desired state of one channel: one topic into one table (DESIGN §3). Resolved from tags by
 * {@code io.channelpilot.spec.SpecResolver}; also the body of an intent's {@code desired} field.
 *
 * @param clusterArn        the MSK cluster
 * @param topic             source topic (exactly one per channel)
 * @param namespace         S3 Tables namespace (valid per {@link S3TablesNames})
 * @param table             S3 Tables table name (valid per {@link S3TablesNames})
 * @param schema            Glue schema; sent as recordSchema for {@code json}, used for validation only for {@code gsr}
 * @param format            record format (value converter)
 * @param partitionColumn   the date-time column for the TIME_HOUR partition
 * @param freshnessSeconds  dataFreshnessInSeconds, 300–900
 * @param compression       Parquet compression
 * @param infrastructure    table bucket, DLQ, role, KMS, log group
 * @param operations        owner, redrive policy, repairs, paused, managed, approval
 */
public record ChannelSpec(String clusterArn, String topic, String namespace, String table, SchemaRef schema,
                          RecordFormat format, String partitionColumn, int freshnessSeconds, Compression compression,
                          Infrastructure infrastructure, Operations operations) {

    public static final int MIN_FRESHNESS = 300;
    public static final int MAX_FRESHNESS = 900;
    public static final int DEFAULT_FRESHNESS = 600;

    public ChannelSpec {
        ClusterArn.parse(clusterArn);
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(partitionColumn, "partitionColumn");
        Objects.requireNonNull(compression, "compression");
        Objects.requireNonNull(infrastructure, "infrastructure");
        operations = operations == null ? Operations.defaults() : operations;
    }

    @JsonIgnore
    public ClusterArn cluster() {
        return ClusterArn.parse(clusterArn);
    }

    public String channelName() {
        return ChannelNames.of(topic, namespace, table);
    }

    /** This spec with its account-wide names made by {@code scope} ({@link NameScope}); everything else unchanged. */
    public ChannelSpec withNames(StackSettings stack, NameScope scope) {
        return new ChannelSpec(clusterArn, topic, namespace, table, schema, format, partitionColumn, freshnessSeconds, compression,
                Infrastructure.of(stack, clusterArn, channelName(), scope), operations);
    }

    public String fingerprint() {
        return Fingerprint.of(this);
    }

    @JsonIgnore
    public String topicArn() {
        return cluster().topicArn(topic);
    }

    @JsonIgnore
    public String schemaArn() {
        return schema.arn(cluster());
    }
}
