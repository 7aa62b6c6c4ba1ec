package io.channelpilot.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.BoundedKeys;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 13 "bounded ids": a trigger id is kept as written up to {@link TriggerParser#MAX_ID} UTF-8 bytes and hashed
 * beyond — bytes, because DynamoDB's key limits (2048 partition, 1024 sort) count bytes. Counting characters let a
 * 1024-character id of 3- or 4-byte characters through at up to 4 KB.
 */
class BoundedTriggerIdTest {

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void shouldKeepAnIdOfExactlyTheLimitAndHashOneByteMore() {
        String atLimit = "e".repeat(TriggerParser.MAX_ID);
        assertThat(TriggerParser.boundedId(atLimit)).isEqualTo(atLimit);
        String over = "e".repeat(TriggerParser.MAX_ID + 1);
        assertThat(TriggerParser.boundedId(over)).isEqualTo(BoundedKeys.of(over)).startsWith("sha256:");
    }

    @Test
    void shouldCountMultiByteCharactersByTheirUtf8Bytes() {
        // 342 euro signs: 342 characters (under the limit as characters), 1026 bytes (over it as bytes)
        String euros = "€".repeat(342);
        assertThat(euros.length()).isLessThan(TriggerParser.MAX_ID);
        assertThat(bytes(euros)).isGreaterThan(TriggerParser.MAX_ID);
        assertThat(TriggerParser.boundedId(euros)).startsWith("sha256:");
        // 256 four-byte emoji: exactly the limit in bytes, kept as written
        String emoji = "😀".repeat(256);
        assertThat(bytes(emoji)).isEqualTo(TriggerParser.MAX_ID);
        assertThat(TriggerParser.boundedId(emoji)).isEqualTo(emoji);
        // a 1024-character id of 4-byte characters (4 KB) never reaches a key or a result
        String wide = "😀".repeat(512);
        assertThat(bytes(TriggerParser.boundedId(wide))).isLessThanOrEqualTo(TriggerParser.MAX_ID);
    }

    @Test
    void shouldKeepEveryBoundedIdUnderTheSortKeyLimitWithTheClaimPrefix() {
        for (String id : new String[] {"e".repeat(1024), "é".repeat(512), "€".repeat(341) + "e", "😀".repeat(256), "x".repeat(5000)}) {
            String bounded = TriggerParser.boundedId(id);
            assertThat(bytes(bounded)).as(id.substring(0, 4)).isLessThanOrEqualTo(1024);
            assertThat(bytes(BoundedKeys.of("EVENT#" + bounded))).isLessThanOrEqualTo(2048);
        }
    }
}
