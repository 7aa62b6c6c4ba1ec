package io.channelpilot.model;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * S3 Tables naming rules for namespaces and tables (reference §4): 1–255 characters, only lowercase letters, digits and
 * {@code _}, beginning and ending with a letter or digit; a namespace must not start with {@code aws}.
 *
 * <p>{@link #sanitise} maps any text (a topic name) to a valid name. It stays readable when it can (lowercase, every
 * other character becomes {@code _}); when it has to drop information beyond that mapping (edge underscores, an
 * {@code aws} start, length) it appends {@code _} + 8 hex of the input's SHA-256, so distinct inputs stay distinct.
 */
public final class S3TablesNames {

    public static final int MAX_LENGTH = 255;
    private static final Pattern VALID = Pattern.compile("^[a-z0-9](?:[a-z0-9_]{0,253}[a-z0-9])?$");
    private static final int HASH_CHARS = 8;

    private S3TablesNames() {
    }

    public static boolean isValidTable(String name) {
        return name != null && VALID.matcher(name).matches();
    }

    public static boolean isValidNamespace(String name) {
        return isValidTable(name) && !name.startsWith("aws");
    }

    /** Every rule the name breaks, as readable sentences (empty when valid). */
    public static List<String> violations(String name, boolean namespace) {
        List<String> out = new ArrayList<>();
        if (name == null || name.isEmpty()) {
            out.add("must not be empty");
            return out;
        }
        if (name.length() > MAX_LENGTH) {
            out.add("is " + name.length() + " characters, the limit is " + MAX_LENGTH);
        }
        if (!name.chars().allMatch(c -> (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
            out.add("may contain only lowercase letters, digits and '_'");
        }
        if (!isAlnum(name.charAt(0)) || !isAlnum(name.charAt(name.length() - 1))) {
            out.add("must begin and end with a letter or digit");
        }
        if (namespace && name.startsWith("aws")) {
            out.add("a namespace must not start with 'aws'");
        }
        return out;
    }

    /** A valid table name for any input; deterministic. */
    public static String sanitiseTable(String input) {
        return sanitise(input, false);
    }

    /** A valid namespace name for any input; deterministic. */
    public static String sanitiseNamespace(String input) {
        return sanitise(input, true);
    }

    private static String sanitise(String input, boolean namespace) {
        String text = input == null ? "" : input;
        StringBuilder mapped = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            int lower = Character.toLowerCase(cp);
            boolean ok = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9') || lower == '_';
            mapped.append(ok ? (char) lower : '_');
        });
        String trimmed = stripEdgeUnderscores(mapped.toString());
        boolean lossy = !trimmed.contentEquals(mapped) || trimmed.isEmpty() || trimmed.length() > MAX_LENGTH
                || (namespace && trimmed.startsWith("aws"));
        if (!lossy) {
            return trimmed;
        }
        String hash = Hashing.sha256Hex(text).substring(0, HASH_CHARS);
        String base = namespace && trimmed.startsWith("aws") ? "ns_" + trimmed : trimmed;
        int room = MAX_LENGTH - HASH_CHARS - 1;
        if (base.length() > room) {
            base = stripEdgeUnderscores(base.substring(0, room));
        }
        return base.isEmpty() ? (namespace ? "ns_" : "t_") + hash : base + "_" + hash;
    }

    private static String stripEdgeUnderscores(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) == '_') {
            start++;
        }
        while (end > start && s.charAt(end - 1) == '_') {
            end--;
        }
        return s.substring(start, end);
    }

    private static boolean isAlnum(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }
}
