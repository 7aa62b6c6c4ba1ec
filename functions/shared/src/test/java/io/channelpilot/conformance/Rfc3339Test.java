package io.channelpilot.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Rfc3339Test {

    @ParameterizedTest
    @CsvSource({
        "2024-05-01T10:15:30Z, 2024-05-01T10:15:30Z",
        "2024-05-01t10:15:30z, 2024-05-01T10:15:30Z",
        "2024-05-01T12:15:30+02:00, 2024-05-01T10:15:30Z",
        "2024-05-01T00:15:30-01:30, 2024-05-01T01:45:30Z",
        "2024-05-01T10:15:30.5Z, 2024-05-01T10:15:30.500Z",
        "2024-05-01T10:15:30.123456789Z, 2024-05-01T10:15:30.123456789Z",
        "2024-02-29T23:59:59+00:00, 2024-02-29T23:59:59Z",
    })
    void shouldParseToUtcWhenDateTimeIsRfc3339(String text, String utc) {
        assertThat(Rfc3339.dateTime(text)).isEqualTo(OffsetDateTime.parse(utc).withOffsetSameInstant(ZoneOffset.UTC));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-05-01T10:15:30", "2024-05-01 10:15:30Z", "2024-05-01T10:15Z", "2023-02-29T10:15:30Z",
        "2024-13-01T10:15:30Z", "2024-05-01T24:00:00Z", "2024-05-01T10:15:60Z", "2024-05-01T10:15:30.Z",
        "2024-05-01T10:15:30.1234567891Z", "2024-05-01T10:15:30+0200", "2024-05-01T10:15:30+19:00",
        "2024-05-01T10:15:30Zjunk", "24-05-01T10:15:30Z", "2024-05-01T10:15:30+02:00:00", "", "x"})
    void shouldRefuseWhenDateTimeIsNotRfc3339(String text) {
        assertThat(Rfc3339.dateTime(text)).isNull();
    }

    @ParameterizedTest
    @CsvSource({"2024-02-29, 2024-02-29", "0001-01-01, 0001-01-01", "1999-12-31, 1999-12-31"})
    void shouldParseWhenDateIsFullDate(String text, String expected) {
        assertThat(Rfc3339.date(text)).isEqualTo(LocalDate.parse(expected));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2023-02-29", "2024-04-31", "2024-00-10", "2024-1-01", "2024/01/01", "2024-01-01T", ""})
    void shouldRefuseWhenDateIsNotFullDate(String text) {
        assertThat(Rfc3339.date(text)).isNull();
    }

    @ParameterizedTest
    @CsvSource({"07:30:00, 07:30:00", "07:30:00.25, 07:30:00.250", "07:30:00Z, 07:30:00", "07:30:00+01:00, 06:30:00",
        "00:30:00+01:00, 23:30:00", "23:30:00-01:00, 00:30:00"})
    void shouldParseWhenTimeIsPartialOrFullTime(String text, String expected) {
        assertThat(Rfc3339.time(text)).isEqualTo(LocalTime.parse(expected));
    }

    @ParameterizedTest
    @ValueSource(strings = {"7:30:00", "07:30", "25:00:00", "07:60:00", "07:30:00.", "07:30:00+1:00", "07:30:00 ", ""})
    void shouldRefuseWhenTimeIsMalformed(String text) {
        assertThat(Rfc3339.time(text)).isNull();
    }
}
