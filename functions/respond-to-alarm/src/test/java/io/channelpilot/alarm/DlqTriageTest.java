package io.channelpilot.alarm;

import io.channelpilot.dlq.DlqParser;
import io.channelpilot.dlq.QuarantineReason;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.time.VirtualClock;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import io.channelpilot.alarm.gateway.AlarmPorts;

import static org.assertj.core.api.Assertions.assertThat;

class DlqTriageTest {

    private static final String PREFIX = "dlq/ch/";
    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-11-29T12:00:00Z"));
    private final Fakes.Bucket bucket = new Fakes.Bucket();
    private final DlqTriage triage = new DlqTriage(bucket, DlqParser.withDefaults(), "quarantine/", clock);
    private final ChannelContext ch = new ChannelContext("arn:aws:kafka:us-east-1:1:cluster/c/u", "c", "ch", "", "t", "",
            RedrivePolicy.MANUAL, List.of(), 300, "b", PREFIX, true);

    private void put(String key, int offset) {
        bucket.objects.put(PREFIX + key, ("{\"partition\":1,\"offset\":" + offset + ",\"errorCode\":\"TYPE_MISMATCH\"}\n")
                .getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void shouldSkipTriagedKeysButReadEarlierKeysWrittenLaterInTheSameFolder() {
        put("2026/11/29/12/m", 1);
        DlqTriage.Run first = triage.run(ch, AlarmPorts.Watermark.initial());
        put("2026/11/29/12/a", 2);
        put("2026/11/29/11/old", 3);

        DlqTriage.Run second = triage.run(ch, first.next());

        assertThat(first.report().records()).isEqualTo(1);
        assertThat(second.report().partitions().get(1)).isEqualTo(new TriageReport.OffsetRange(2, 2, 1));
        assertThat(second.next().lastKey()).isEqualTo(PREFIX + "2026/11/29/12/m");
        assertThat(second.next().folderKeys()).containsExactly(PREFIX + "2026/11/29/12/m", PREFIX + "2026/11/29/12/a");
        assertThat(second.next().version()).isEqualTo(2);
    }

    @Test
    void shouldForgetFolderKeysWhenTheWatermarkMovesToANewFolder() {
        put("2026/11/29/12/m", 1);
        DlqTriage.Run first = triage.run(ch, AlarmPorts.Watermark.initial());
        put("2026/11/29/13/a", 2);

        DlqTriage.Run second = triage.run(ch, first.next());

        assertThat(second.next().folderKeys()).containsExactly(PREFIX + "2026/11/29/13/a");
        assertThat(triage.run(ch, second.next()).report().empty()).isTrue();
    }

    @Test
    void shouldQuarantineAnObjectTheBucketCannotServe() {
        AlarmPorts.DlqObjects failing = new Fakes.Bucket() {
            @Override
            public InputStream open(String b, String key) {
                throw new UncheckedIOException(new java.io.IOException("reset"));
            }
        };
        ((Fakes.Bucket) failing).objects.put(PREFIX + "x", new byte[]{1});

        TriageReport report = new DlqTriage(failing, DlqParser.withDefaults(), "quarantine/", clock)
                .run(ch, AlarmPorts.Watermark.initial()).report();

        assertThat(report.quarantined()).singleElement().satisfies(q -> {
            assertThat(q.reason()).isEqualTo(QuarantineReason.UNREADABLE);
            assertThat(q.quarantineKey()).isEqualTo("quarantine/" + PREFIX + "x");
        });
    }
}
