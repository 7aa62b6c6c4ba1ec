package io.channelpilot.local.world.delivery;

import io.channelpilot.local.world.iceberg.TableId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What the delivery simulation needs to know about one channel, as the MSK emulator holds it (reference §1.1).
 *
 * @param clusterName      MSK cluster name (metric dimension {@code ClusterName}; the embedded Kafka cluster)
 * @param topic            source topic (metric dimension {@code Topic})
 * @param channelName      channel name (metric dimension {@code ChannelName}; DLQ key prefix)
 * @param channelArn       channel ARN (identity of the channel across ticks)
 * @param status           the channel's current status string ({@code ACTIVE}, {@code CREATING}, …)
 * @param createdAt        creation time on the world's virtual clock
 * @param schema           where record schemas come from: a fixed definition ({@code JSON}) or the registry
 *                         ({@code JSON_SCHEMA_GSR})
 * @param table            table bucket, namespace and table name of the destination
 * @param partitionColumn  the TIME_HOUR source column
 * @param compression      Parquet codec of the table
 * @param dataFreshnessSeconds buffered rows are committed once this much virtual time passed since the first one
 * @param dlqBucket        DLQ bucket name (from {@code deadLetterQueueS3.bucketArn})
 * @param errorOutputPrefix DLQ key prefix, may be empty
 */
public record DeliveryChannel(String clusterName, String topic, String channelName, String channelArn, String status,
                              Instant createdAt, SchemaSource schema, TableId table, String partitionColumn,
                              Compression compression, int dataFreshnessSeconds, String dlqBucket,
                              String errorOutputPrefix) {

    public DeliveryChannel {
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(channelName, "channelName");
        Objects.requireNonNull(channelArn, "channelArn");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(partitionColumn, "partitionColumn");
        Objects.requireNonNull(compression, "compression");
        Objects.requireNonNull(dlqBucket, "dlqBucket");
        errorOutputPrefix = errorOutputPrefix == null ? "" : errorOutputPrefix;
        if (dataFreshnessSeconds < 0) {
            throw new IllegalArgumentException("dataFreshnessSeconds must not be negative: " + dataFreshnessSeconds);
        }
    }

    /** ACTIVE delivers; so does UPDATING ("delivery continues while UPDATING", reference §2 [SKILL]). */
    public boolean isDelivering() {
        return "ACTIVE".equals(status) || "UPDATING".equals(status);
    }

    public Converter converter() {
        return schema instanceof SchemaSource.Registry ? Converter.JSON_SCHEMA_GSR : Converter.JSON;
    }

    /** The record value converter of the topic configuration. */
    public enum Converter { JSON, JSON_SCHEMA_GSR }

    /** The table's Parquet codec; {@link #parquetCodec()} is Iceberg's property value. */
    public enum Compression {
        ZSTD, SNAPPY;

        public String parquetCodec() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Where a record's JSON Schema comes from. */
    public sealed interface SchemaSource {

        /** Plain {@code JSON}: the Glue schema version resolved when the channel was created. */
        record Plain(String definition) implements SchemaSource {
            public Plain {
                Objects.requireNonNull(definition, "definition");
            }
        }

        /** {@code JSON_SCHEMA_GSR}: each record names its schema version id; the registry resolves it. */
        record Registry(SchemaVersionResolver resolver) implements SchemaSource {
            public Registry {
                Objects.requireNonNull(resolver, "resolver");
            }
        }
    }

    /** Looks up a Glue schema version's definition by its id (the lead wires it to the Glue emulator). */
    @FunctionalInterface
    public interface SchemaVersionResolver {
        Optional<String> definition(UUID schemaVersionId);
    }
}
