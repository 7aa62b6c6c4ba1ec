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
