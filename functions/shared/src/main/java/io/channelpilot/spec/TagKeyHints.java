package io.channelpilot.spec;

import java.util.Locale;
import java.util.Optional;

/**
 * Tag keys that look like Channel Pilot's but are not read by it (issue 15): {@code channel-pilot:orders} (a colon, a
 * habit from other AWS tags that MSK's tag rules forbid), {@code channelpilot/orders}, {@code Channel-Pilot/orders},
 * {@code channel_pilot/orders}, {@code channel-pilot.orders}, {@code chanel-pilot/orders} and other near misses. Such a
 * key would otherwise be ignored in silence; it becomes a {@link SpecError#TAG_KEY_LOOKALIKE} hint with the right
 * spelling, {@code channel-pilot/<rest>}. The hint never blocks the cluster's valid rules.
 *
 * <p>A key is a look-alike when the part before its first separator ({@code / : . =} or white space), folded to
 * lower case without {@code -} and {@code _}, is within two edits of {@code channelpilot} — or when the whole key,
 * folded the same way, starts with {@code channelpilot} — and the key does not already start with {@code channel-pilot/}.
 */
public final class TagKeyHints {

    private static final String FOLDED = "channelpilot";
    private static final int MAX_EDITS = 2;

    private TagKeyHints() {
    }

    /** The hint for {@code key}, or empty when it is ours or unrelated. */
    public static Optional<TagProblem> check(String key) {
        return suggestion(key).map(suggestion -> TagProblem.of(SpecError.TAG_KEY_LOOKALIKE, key, "",
                "tag key '" + key + "' looks like a Channel Pilot key" + (key.contains(":") ? " (a colon, which MSK tag keys do "
                        + "not allow)" : "") + ", but Channel Pilot reads only keys that start with '" + TagParser.PREFIX
                        + "', so it is ignored",
                "Rename the tag to '" + suggestion + "' with the same value (untag '" + key + "', tag '" + suggestion
                        + "'); Channel Pilot keys are 'channel-pilot/' + a rule name, or 'channel-pilot/defaults'."));
    }

    /** The right spelling for a look-alike key ({@code channel-pilot/<rest>}), or empty when it is ours or unrelated. */
    public static Optional<String> suggestion(String key) {
        if (key == null || key.isEmpty() || key.startsWith(TagParser.PREFIX)) {
            return Optional.empty();
        }
        int cut = firstSeparator(key);
        String rest = cut < 0 ? "" : key.substring(cut + 1).strip();
        String folded = fold(cut < 0 ? key : key.substring(0, cut));
        boolean near = !folded.isEmpty() && folded.length() >= FOLDED.length() - MAX_EDITS && distance(folded, FOLDED) <= MAX_EDITS;
        if (!near && cut < 0 && fold(key).startsWith(FOLDED) && fold(key).length() > FOLDED.length()) {
            near = true;
            rest = key.substring(prefixLength(key)).replaceFirst("^[-_ ]+", "");
        }
        if (rest.equalsIgnoreCase("defaults")) {
            rest = "defaults";
        }
        return near ? Optional.of(TagParser.PREFIX + (rest.isEmpty() ? "<rule-name>" : rest)) : Optional.empty();
    }

    private static int firstSeparator(String key) {
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '/' || c == ':' || c == '.' || c == '=' || Character.isWhitespace(c)) {
                return i;
            }
        }
        return -1;
    }

    /** How many characters of {@code key} make up the folded {@code channelpilot} at its start. */
    private static int prefixLength(String key) {
        int matched = 0;
        for (int i = 0; i < key.length(); i++) {
            char c = Character.toLowerCase(key.charAt(i));
            if (c == '-' || c == '_') {
                continue;
            }
            if (matched == FOLDED.length() || c != FOLDED.charAt(matched)) {
                return i;
            }
            matched++;
        }
        return key.length();
    }

    private static String fold(String s) {
        return s.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "").strip();
    }

    /** Levenshtein distance (the strings here are short). */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
