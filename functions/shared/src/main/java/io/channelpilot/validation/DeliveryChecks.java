package io.channelpilot.validation;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Compression;
import java.util.List;
import java.util.Locale;

/** Delivery settings: freshness range, the published throughput floor at 300 s, compression. */
final class DeliveryChecks {

    private DeliveryChecks() {
    }

    static List<Check> all() {
        return List.of(freshnessRange(), freshnessThroughput(), compression());
    }

    static Check freshnessRange() {
        return Check.of(RuleCode.FRESHNESS_RANGE, ctx -> {
            int f = ctx.spec().freshnessSeconds();
            return f >= ChannelSpec.MIN_FRESHNESS && f <= ChannelSpec.MAX_FRESHNESS
                    ? RuleCode.FRESHNESS_RANGE.pass("Freshness " + f + " s is within 300-900 s.")
                    : RuleCode.FRESHNESS_RANGE.fail("Freshness " + f + " s is outside 300-900 s.",
                            "Set freshness=<seconds> between 300 and 900 (default 600).");
        });
    }

    /**
     * Only one floor is published: at 300 s a channel needs at least 2.4 MB/s uncompressed (reference §3). No floor is
     * invented for other values. BytesInPerSec counts bytes as produced (maybe compressed), so it is a lower bound.
     */
    static Check freshnessThroughput() {
        return Check.of(RuleCode.FRESHNESS_THROUGHPUT, ctx -> {
            int f = ctx.spec().freshnessSeconds();
            if (f != ChannelSpec.MIN_FRESHNESS) {
                return RuleCode.FRESHNESS_THROUGHPUT.pass("No throughput floor is published for freshness " + f + " s.");
            }
            String fix = "Raise freshness (e.g. freshness=600) for this lower-volume topic, or batch more data into it.";
            return ctx.aws().metrics().topicBytesInPerSecond(ctx.cluster().name(), ctx.spec().topic(), ctx.settings().throughputWindow())
                    .fold(rate -> rate
                                    .map(r -> r >= ValidationSettings.MIN_BYTES_PER_SECOND_AT_300
                                            ? RuleCode.FRESHNESS_THROUGHPUT.pass("Topic averages " + mb(r) + " MB/s, above the 2.4 MB/s needed at 300 s.")
                                            : RuleCode.FRESHNESS_THROUGHPUT.fail("Topic averages " + mb(r) + " MB/s over the last "
                                                    + ctx.settings().throughputWindow().toMinutes() + " min; freshness 300 s needs at least 2.4 MB/s uncompressed.", fix))
                                    .orElseGet(() -> RuleCode.FRESHNESS_THROUGHPUT.unknown("No recent BytesInPerSec data for topic "
                                            + ctx.spec().topic() + "; freshness 300 s needs at least 2.4 MB/s uncompressed.",
                                            fix + " Per-topic metrics need enhanced monitoring PER_TOPIC_PER_BROKER.")),
                            RuleCode.FRESHNESS_THROUGHPUT::unknown);
        });
    }

    static Check compression() {
        return Check.of(RuleCode.COMPRESSION_SUPPORTED, ctx -> {
            Compression c = ctx.spec().compression();
            return c == Compression.ZSTD || c == Compression.SNAPPY
                    ? RuleCode.COMPRESSION_SUPPORTED.pass("Compression " + c + " is supported.")
                    : RuleCode.COMPRESSION_SUPPORTED.fail("Compression " + c + " is not ZSTD or SNAPPY.", "Use compression=zstd or compression=snappy.");
        });
    }

    private static String mb(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.2f", bytesPerSecond / 1e6);
    }
}
