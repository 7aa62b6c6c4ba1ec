package io.channelpilot.redrive.batch.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The read-ahead cursor over the wanted offsets of one partition (moved from RedriveBatchHandlerTest with OffsetCursor). */
class OffsetCursorTest {

    @Test
    void shouldReadThroughSmallGapsAndSeekOverLargeOnes() {
        OffsetCursor cursor = new OffsetCursor(new long[] {1, 2, 3, 50, 400, 401}, 1_000);

        assertThat(cursor.seekFrom(1)).isEmpty();
        cursor.advance();
        cursor.advance();
        cursor.advance();
        // read 1..3, the fetch position is 4: offset 50 is read through
        assertThat(cursor.seekFrom(4)).isEmpty();
        cursor.advance();
        // read 50, position 51: 400 is more than MAX_GAP ahead
        assertThat(cursor.seekFrom(51)).hasValue(400);
        cursor.advance();
        cursor.advance();
        assertThat(cursor.exhausted()).isTrue();
        assertThat(cursor.seekFrom(402)).isEmpty();
    }

    @Test
    void shouldNotReadWantedOffsetsAtOrAfterTheEndCapturedBeforeTheClaims() {
        OffsetCursor cursor = new OffsetCursor(new long[] {5, 9}, 9);

        assertThat(cursor.readable()).isTrue();
        cursor.advance();
        assertThat(cursor.readable()).isFalse();
        assertThat(cursor.exhausted()).isFalse();
    }
}
