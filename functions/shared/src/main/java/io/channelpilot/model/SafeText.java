package io.channelpilot.model;

import java.nio.charset.StandardCharsets;

/**
 * What Channel Pilot may echo of an input it refuses: control characters (C0, C1, DEL), bidirectional controls and
 * other invisible format characters (zero-width space/joiners, BOM, Unicode {@code Cf}) are shown as {@code \\u{XXXX}}
 * escapes, so a hostile value can neither start a new log line nor reorder the text a person reads; and the result is
 * cut to a bound. Applied where error values are built (their messages quote inputs), not at each quoting site.
 */
public final class SafeText {

    /** Default bound for one quoted value. */
    public static final int MAX_ECHO = 512;

    private SafeText() {
    }

    /** {@code text} with every unsafe character escaped and at most {@link #MAX_ECHO} characters kept. */
    public static String of(String text) {
        return of(text, MAX_ECHO);
    }

    public static String of(String text, int max) {
        if (text == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int n = Character.charCount(cp);
            if (isUnsafe(cp)) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(String.format("\\u{%04X}", cp));
            } else if (out != null) {
                out.appendCodePoint(cp);
            }
            i += n;
        }
        String safe = out == null ? text : out.toString();
        return safe.length() <= max ? safe : safe.substring(0, max) + "... (" + text.length() + " characters, cut)";
    }

    /** True when {@code text} holds no character {@link #of} would escape. */
    public static boolean isSafe(String text) {
        return text == null || text.codePoints().noneMatch(SafeText::isUnsafe);
    }

    /** Control, bidi control, format (Cf), unpaired surrogate, private use or unassigned. */
    public static boolean isUnsafe(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE
                || type == Character.PRIVATE_USE || type == Character.UNASSIGNED
                || cp == 0x2028 || cp == 0x2029; // line and paragraph separators break lines like \n
    }

    /** UTF-8 length, for byte limits (DynamoDB keys, S3 keys). */
    public static int utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
