package io.channelpilot.local.world.delivery;

import io.channelpilot.local.world.iceberg.IcebergWarehouse;
import io.channelpilot.local.world.iceberg.TableAppender;
import io.channelpilot.local.world.s3.S3Front;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;

/**
 * Commits a pipeline's buffer: good rows as one Iceberg append (creating the table on first delivery, as MSK does,
 * reference §2), bad records as one DLQ object, then the {@code DeliveryToIceberg.*} metrics of that commit.
 */
final class ChannelCommitter {

    static final String NAMESPACE = "AWS/Kafka";

    private final IcebergWarehouse warehouse;
    private final S3Front s3;
    private final MetricPublisher metrics;
    private final DeliveryListener listener;
    private final DeliveryStats stats;
    private final DeliveryOptions options;

    ChannelCommitter(IcebergWarehouse warehouse, S3Front s3, MetricPublisher metrics, DeliveryListener listener,
                     DeliveryStats stats, DeliveryOptions options) {
        this.stats = stats;
        this.options = options;
        this.warehouse = warehouse;
        this.s3 = s3;
        this.metrics = metrics;
        this.listener = listener;
    }

    void commit(ChannelPipeline p, Instant now) {
        DeliveryChannel ch = p.channel();
        long bytesIn = p.bytesIn();
        Instant oldest = p.firstBufferedAt();
        long good = 0;
        long bytesOut = 0;
        int commitSuccess = 0;
        if (!p.rows().isEmpty()) {
            Table table = tableFor(p, now);
            if (table != null) {
                TableAppender.AppendResult r = TableAppender.append(table, p.rows());
                good = r.rows();
                bytesOut = r.bytes();
                commitSuccess = 1;
                p.clearRows();
                if (!p.hasDelivered()) {
                    p.markDelivered();
                    listener.firstDelivery(ch, ch.table(), now);
                }
            }
        }
        long failed = p.dlq().size();
        long dlqWritten = 0;
        String dlqObject = null;
        if (failed > 0) {
            if (s3.exists(ch.dlqBucket())) {
                DlqLayout layout = options.dlqLayouts().forTopic(ch.topic());
                String key = DlqObjectWriter.key(ch, now, p.nextCommitNumber(), layout);
                s3.putObject(ch.dlqBucket(), key, DlqObjectWriter.body(ch, p.dlq(), layout), layout.gzip()
                        ? Map.of("Content-Type", layout.contentType(), "Content-Encoding", "gzip")
                        : Map.of("Content-Type", layout.contentType()));
                dlqObject = ch.dlqBucket() + "/" + key;
                dlqWritten = failed;
                p.clearDlq();
            } else {
                // transient destination problems are retried, not counted as failed records (reference §5)
                failed = 0;
                listener.deliveryBlocked(ch, DeliveryCode.DLQ_BUCKET_MISSING,
                        "DLQ bucket " + ch.dlqBucket() + " does not exist; " + p.dlq().size() + " records wait");
            }
        }
        if (commitSuccess == 0 && dlqWritten == 0) {
            return; // nothing left the buffer: no datapoints (the stall shows as missing data / rising freshness)
        }
        stats.recordCommit(ch, good, dlqWritten, commitSuccess == 1, dlqObject);
        publish(ch, now, oldest, bytesIn, good, failed, bytesOut, commitSuccess, dlqWritten);
    }

    /** The destination table; created on first delivery, never re-created once the channel delivered. */
    private Table tableFor(ChannelPipeline p, Instant now) {
        DeliveryChannel ch = p.channel();
        if (warehouse.exists(ch.table())) {
            return warehouse.table(ch.table()).orElse(null);
        }
        if (p.hasDelivered()) {
            listener.deliveryBlocked(ch, DeliveryCode.TABLE_DELETED, "Table " + ch.table() + " was deleted after "
                    + "delivery started; " + p.rows().size() + " rows wait");
            return null;
        }
        return warehouse.createTable(ch.table(), p.tableSchema(), ch.partitionColumn(),
                ch.compression().parquetCodec());
    }

    private void publish(DeliveryChannel ch, Instant now, Instant oldest, long bytesIn, long good, long failed,
                         long bytesOut, int commitSuccess, long dlqWritten) {
        Map<String, String> dims = Map.of("ClusterName", ch.clusterName(), "ChannelName", ch.channelName(),
                "Topic", ch.topic());
        List<MetricPublisher.Datum> data = new ArrayList<>();
        double freshness = Duration.between(oldest, now).toMillis() / 1000.0;
        data.add(datum("DataFreshness", MetricPublisher.Unit.SECONDS, freshness, now, dims));
        data.add(datum("BytesIn", MetricPublisher.Unit.BYTES, bytesIn, now, dims));
        data.add(datum("BytesProcessed", MetricPublisher.Unit.BYTES, bytesIn, now, dims));
        data.add(datum("BytesOut", MetricPublisher.Unit.BYTES, bytesOut, now, dims));
        data.add(datum("TotalRowCount", MetricPublisher.Unit.COUNT, good + failed, now, dims));
        data.add(datum("SuccessfulRowCount", MetricPublisher.Unit.COUNT, good, now, dims));
        data.add(datum("FailedRowCount", MetricPublisher.Unit.COUNT, failed, now, dims));
        data.add(datum("CommitSuccess", MetricPublisher.Unit.COUNT, commitSuccess, now, dims));
        data.add(datum("DLQDeliverySuccess", MetricPublisher.Unit.COUNT, dlqWritten, now, dims));
        metrics.publish(data);
    }

    private static MetricPublisher.Datum datum(String name, MetricPublisher.Unit unit, double value, Instant at,
                                               Map<String, String> dims) {
        return new MetricPublisher.Datum(NAMESPACE, "DeliveryToIceberg." + name, unit, value, at, dims);
    }
}
