package io.channelpilot.model;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Whole numbers from outside (tags, events, CLI options, headers, environment): ASCII digits only, an optional leading
 * {@code -}, nothing else. {@link Integer#parseInt} also accepts other scripts' digits ({@code "٣٠٠"} is 300) and a
 * leading {@code +}; a number the owner cannot read as written must not configure a channel.
 */
public final class AsciiNumbers {

    private AsciiNumbers() {
    }

    public static OptionalInt parseInt(String text) {
        OptionalLong value = parseLong(text);
        return value.isPresent() && value.getAsLong() >= Integer.MIN_VALUE && value.getAsLong() <= Integer.MAX_VALUE
                ? OptionalInt.of((int) value.getAsLong()) : OptionalInt.empty();
    }

    public static OptionalLong parseLong(String text) {
        if (text == null || !isAsciiInteger(text)) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(text));
        } catch (NumberFormatException overflow) {
            return OptionalLong.empty();
        }
    }

    /**
     * Drop-in for {@link Integer#parseInt} where a caller already handles {@link NumberFormatException}: the same
     * exception for anything but {@code -?[0-9]+} in ASCII (or out of range).
     */
    public static int requireInt(String text) {
        OptionalInt value = parseInt(text);
        if (value.isEmpty()) {
            throw new NumberFormatException("not a whole number in ASCII digits: " + SafeText.of(String.valueOf(text), 40));
        }
        return value.getAsInt();
    }

    /** Drop-in for {@link Long#parseLong}, ASCII digits only ({@link #requireInt}). */
    public static long requireLong(String text) {
        OptionalLong value = parseLong(text);
        if (value.isEmpty()) {
            throw new NumberFormatException("not a whole number in ASCII digits: " + SafeText.of(String.valueOf(text), 40));
        }
        return value.getAsLong();
    }

    /**
     * A decimal number written in ASCII (what {@code BigDecimal} reads, minus other scripts' digits); {@link java.math.BigDecimal#BigDecimal(String)}
     * alone also reads other scripts' digits. Throws {@link NumberFormatException} otherwise.
     */
    public static java.math.BigDecimal requireDecimal(String text) {
        if (text == null || !ASCII_DECIMAL.matcher(text).matches()) {
            throw new NumberFormatException("not a decimal number in ASCII digits: " + SafeText.of(String.valueOf(text), 40));
        }
        return new java.math.BigDecimal(text);
    }

    private static final java.util.regex.Pattern ASCII_DECIMAL =
            java.util.regex.Pattern.compile("^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]{1,9})?$");

    /** {@code -?[0-9]+}, ASCII only. */
    public static boolean isAsciiInteger(String text) {
        int start = text.startsWith("-") ? 1 : 0;
        if (text.length() == start) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** {@code [0-9]+}, ASCII only (a non-negative number with no sign). */
    public static boolean isAsciiDigits(String text) {
        return text != null && !text.isEmpty() && !text.startsWith("-") && isAsciiInteger(text);
    }
}
