package io.channelpilot.alarm.gateway;

import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** What the responder reads and writes besides the status store; one small interface per concern (SDK or fakes). */
public final class AlarmPorts {

    private AlarmPorts() {
    }

    /** MSK reads: the cluster by name, the channel, the topic's retention. */
    public interface Msk {
        Optional<String> clusterArn(String clusterName);

        /** DescribeChannel (found by name on the topic); empty when gone. */
        Optional<ChannelState> channel(String clusterArn, String topic, String channelName);

        /** The topic's {@code retention.ms} from DescribeTopic configs; empty when unknown; -1 = unlimited. */
        Optional<Long> retentionMs(String clusterArn, String topic);
    }

    /** @param stateCode / stateMessage the channel's stateInfo ("" when none) */
    public record ChannelState(String channelArn, String status, int freshnessSeconds, String stateCode, String stateMessage) {
    }

    /** Recent {@code DeliveryToIceberg.BytesIn} of the channel (GetMetricData), as bytes per second. */
    public interface Metrics {
        String BYTES_IN_METRIC = "DeliveryToIceberg.BytesIn";

        Optional<Double> deliveryBytesInPerSecond(String clusterName, String channelName, String topic, Duration window);
    }

    /** The DLQ bucket. */
    public interface DlqObjects {
        /** Objects under {@code prefix}, ascending by key, strictly after {@code startAfter} ("" = from the start). */
        void list(String bucket, String prefix, String startAfter, Consumer<DlqObject> sink);

        InputStream open(String bucket, String key);

        /** Server-side copy (the quarantine keeps the original for a human; the original stays for redrive). */
        void copy(String bucket, String key, String targetKey);
    }

    public record DlqObject(String key, long size, Instant lastModified) {
    }

    /**
     * Triage state per channel: the watermark (last triaged key + the keys already triaged under that key's "folder",
     * because keys within one folder need not arrive in key order) and stored reports.
     */
    public interface TriageState {
        Watermark watermark(String clusterArn, String channelName);

        /**
         * Stores the report as number {@code watermark.version() + 1}; false when that report exists (another
         * invocation triaged the same objects first: the caller must not notify).
         */
        boolean storeReport(String clusterArn, String channelName, long reportNumber, String reportJson, Instant at);

        /** Conditional write: succeeds only if the stored watermark still has {@code expected.version()}. */
        boolean advance(String clusterArn, String channelName, Watermark expected, Watermark next);
    }

    /** @param version 0 = never triaged */
    public record Watermark(String lastKey, List<String> folderKeys, long version, Instant updatedAt) {
        public Watermark {
            lastKey = lastKey == null ? "" : lastKey;
            folderKeys = List.copyOf(folderKeys == null ? List.of() : folderKeys);
        }

        public static Watermark initial() {
            return new Watermark("", List.of(), 0, Instant.EPOCH);
        }
    }
}
