package io.channelpilot.conformance;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Strict, allocation-light parsers for the JSON Schema formats date-time, date and time (RFC 3339 §5.6, which JSON
 * Schema draft-04/07 reference). Hand-written because {@code DateTimeFormatter} parsing dominated the per-record cost;
 * every method returns null instead of throwing for text that does not match, so a bad value costs no exception.
 *
 * <ul>
 *   <li>date-time: {@code yyyy-MM-dd'T'HH:mm:ss[.fraction](Z|±HH:mm)}; 'T' and 'Z' case-insensitive; the offset is
 *       mandatory (timestamptz needs an instant); seconds are mandatory; fractions beyond nanoseconds are refused.</li>
 *   <li>date: {@code yyyy-MM-dd}.</li>
 *   <li>time: {@code HH:mm:ss[.fraction][Z|±HH:mm]}; RFC 3339 full-time carries an offset, Iceberg time has none, so
 *       an offset time is normalised to UTC (our assumption, UNCONFIRMED); a time without offset is taken as is.</li>
 * </ul>
 * Leap seconds (":60") are refused: java.time cannot represent them.
 */
final class Rfc3339 {

    private Rfc3339() {
    }

    static OffsetDateTime dateTime(String s) {
        if (s.length() < 20 || (s.charAt(10) != 'T' && s.charAt(10) != 't')) {
            return null;
        }
        LocalDate date = date(s, 0);
        int end = fractionEnd(s, 19);
        long nanoOfDay = end < 0 ? -1 : nanoOfDay(s, 11, end);
        ZoneOffset offset = nanoOfDay < 0 ? null : offset(s, end);
        if (date == null || offset == null) {
            return null;
        }
        return OffsetDateTime.of(date, LocalTime.ofNanoOfDay(nanoOfDay), offset).withOffsetSameInstant(ZoneOffset.UTC);
    }

    static LocalDate date(String s) {
        return s.length() == 10 ? date(s, 0) : null;
    }

    static LocalTime time(String s) {
        int end = fractionEnd(s, 8);
        long nanoOfDay = end < 0 ? -1 : nanoOfDay(s, 0, end);
        if (nanoOfDay < 0) {
            return null;
        }
        LocalTime local = LocalTime.ofNanoOfDay(nanoOfDay);
        if (end == s.length()) {
            return local;
        }
        ZoneOffset offset = offset(s, end);
        return offset == null ? null : local.minusSeconds(offset.getTotalSeconds());
    }

    private static LocalDate date(String s, int at) {
        int year = digits(s, at, 4);
        int month = digits(s, at + 5, 2);
        int day = digits(s, at + 8, 2);
        if (year < 0 || month < 1 || month > 12 || day < 1 || s.charAt(at + 4) != '-' || s.charAt(at + 7) != '-') {
            return null;
        }
        if (day > 28 && day > java.time.YearMonth.of(year, month).lengthOfMonth()) {
            return null;
        }
        return LocalDate.of(year, month, day);
    }

    /** Index after an optional {@code .fraction} (1 to 9 digits) starting at {@code i}, or -1. */
    private static int fractionEnd(String s, int i) {
        if (i > s.length()) {
            return -1;
        }
        if (i == s.length() || s.charAt(i) != '.') {
            return i;
        }
        int start = i + 1;
        int end = start;
        while (end < s.length() && isDigit(s.charAt(end))) {
            end++;
        }
        int count = end - start;
        return count == 0 || count > 9 ? -1 : end;
    }

    /** {@code HH:mm:ss[.fraction]} from {@code at} to {@code end} as nano-of-day, or -1. */
    private static long nanoOfDay(String s, int at, int end) {
        if (s.charAt(at + 2) != ':' || s.charAt(at + 5) != ':') {
            return -1;
        }
        int hour = digits(s, at, 2);
        int minute = digits(s, at + 3, 2);
        int second = digits(s, at + 6, 2);
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return -1;
        }
        long nanos = 0;
        int fractionDigits = end - (at + 9);
        if (fractionDigits > 0) {
            nanos = digits(s, at + 9, fractionDigits);
            for (int k = fractionDigits; k < 9; k++) {
                nanos *= 10;
            }
        }
        return (hour * 3600L + minute * 60L + second) * 1_000_000_000L + nanos;
    }

    /** {@code Z} or {@code ±HH:mm} that must end the string. */
    private static ZoneOffset offset(String s, int at) {
        if (at >= s.length()) {
            return null;
        }
        char c = s.charAt(at);
        if (c == 'Z' || c == 'z') {
            return at + 1 == s.length() ? ZoneOffset.UTC : null;
        }
        if ((c != '+' && c != '-') || s.length() != at + 6 || s.charAt(at + 3) != ':') {
            return null;
        }
        int hours = digits(s, at + 1, 2);
        int minutes = digits(s, at + 4, 2);
        if (hours < 0 || hours > 17 || minutes < 0 || minutes > 59) {
            return null; // java.time offsets stop at ±18:00; real offsets lie within ±14:00
        }
        int total = hours * 3600 + minutes * 60;
        return ZoneOffset.ofTotalSeconds(c == '-' ? -total : total);
    }

    private static int digits(String s, int at, int count) {
        if (at + count > s.length()) {
            return -1;
        }
        int value = 0;
        for (int i = at; i < at + count; i++) {
            char c = s.charAt(i);
            if (!isDigit(c)) {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
