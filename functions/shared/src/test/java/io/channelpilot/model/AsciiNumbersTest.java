package io.channelpilot.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.redrive.RecordId;
import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Issue 13 "ASCII digits only for every number": the drop-in parsers every reader of outside numbers uses (record ids
 * from the redrive ledger and headers, environment settings, DLQ fields, repair coercions). {@code Long.parseLong}
 * reads "٣" (Arabic-Indic three) as 3; these refuse it with the same exception the callers already handle.
 */
class AsciiNumbersTest {

    @ParameterizedTest(name = "[{index}] '{0}'")
    @ValueSource(strings = {"٣٠٠", "३००", "３００", "๓๐๐", "+300", "", " 300", "3_00", "0x1F"})
    void shouldRefuseEverythingButAsciiDigits(String text) {
        assertThatThrownBy(() -> AsciiNumbers.requireInt(text)).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> AsciiNumbers.requireLong(text)).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void shouldReadAsciiWholeNumbersLikeTheJdkDoes() {
        assertThat(AsciiNumbers.requireInt("300")).isEqualTo(300);
        assertThat(AsciiNumbers.requireInt("-7")).isEqualTo(-7);
        assertThat(AsciiNumbers.requireLong("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> AsciiNumbers.requireInt("2147483648")).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> AsciiNumbers.requireLong("9223372036854775808")).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void shouldReadAsciiDecimalsOnly() {
        assertThat(AsciiNumbers.requireDecimal("12.50")).isEqualByComparingTo(new BigDecimal("12.50"));
        assertThat(AsciiNumbers.requireDecimal("-1e3")).isEqualByComparingTo(new BigDecimal("-1000"));
        assertThat(AsciiNumbers.requireDecimal(".5")).isEqualByComparingTo(new BigDecimal("0.5"));
        for (String bad : new String[] {"١٢.٥", "１２", "12.5.1", "NaN", "1e999999999999"}) {
            assertThatThrownBy(() -> AsciiNumbers.requireDecimal(bad)).as(bad).isInstanceOf(NumberFormatException.class);
        }
    }

    @Test
    void shouldRefuseARecordIdWithNonAsciiPartitionOrOffset() {
        assertThat(RecordId.parse("orders.created/3/1024")).isEqualTo(new RecordId("orders.created", 3, 1024));
        assertThatThrownBy(() -> RecordId.parse("orders.created/٣/1024")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("topic/partition/offset");
        assertThatThrownBy(() -> RecordId.parse("orders.created/3/１０２４")).isInstanceOf(IllegalArgumentException.class);
    }
}
