package io.channelpilot.redrive.batch.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 13: the loop guard's count header is read in ASCII digits only. A count written in other digits is unreadable
 * (as a missing or garbled header is): it is not read as the number it looks like, and the copy carries an ASCII count.
 */
class RedriveHeadersTest {

    private static SourceRecord withCount(String count) {
        return new SourceRecord("orders", 0, 7, null, new byte[0],
                List.of(new AbstractMap.SimpleImmutableEntry<>(RedriveHeaders.REDRIVE_COUNT, count.getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void shouldReadTheRedriveCountInAsciiDigitsOnly() {
        assertThat(RedriveHeaders.count(withCount("3"))).isEqualTo(3);
        assertThat(RedriveHeaders.count(withCount(" 3 "))).isEqualTo(3);
        assertThat(RedriveHeaders.count(withCount("٣"))).as("Arabic-Indic three").isZero();
        assertThat(RedriveHeaders.count(withCount("３"))).as("fullwidth three").isZero();
        assertThat(RedriveHeaders.count(withCount("-2"))).isZero();
    }

    @Test
    void shouldWriteAnAsciiCountOnTheCopy() {
        List<Map.Entry<String, byte[]>> headers = RedriveHeaders.forCopy(withCount("٣"), "redrive-1-abc");
        String count = headers.stream().filter(h -> h.getKey().equals(RedriveHeaders.REDRIVE_COUNT))
                .map(h -> new String(h.getValue(), StandardCharsets.UTF_8)).findFirst().orElseThrow();
        assertThat(count).isEqualTo("1");
    }
}
