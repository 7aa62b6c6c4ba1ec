package io.channelpilot.local.world.msk;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * MSK tag restrictions (MSK Developer Guide, "Tag basics"/restrictions; DESIGN §3): at most 50 tags, keys 1-128
 * characters not starting with {@code aws:}, values 0-256 characters, only Unicode letters, digits, white space and
 * {@code _ . / = + - @}.
 */
final class TagRules {

    static final int MAX_TAGS = 50;
    private static final Pattern ALLOWED = Pattern.compile("^[\\p{L}\\p{Z}\\p{N}_./=+\\-@]*$");

    private TagRules() {
    }

    static void validate(Map<String, String> tags) {
        if (tags.size() > MAX_TAGS) {
            throw MskErrors.badRequest("tags", "A resource can have at most " + MAX_TAGS + " tags, got " + tags.size());
        }
        tags.forEach((k, v) -> {
            if (k.isEmpty() || k.length() > 128 || k.toLowerCase(java.util.Locale.ROOT).startsWith("aws:")) {
                throw MskErrors.badRequest("tags", "Tag key '" + k + "' must be 1-128 characters and must not start"
                        + " with aws:");
            }
            if (v.length() > 256) {
                throw MskErrors.badRequest("tags", "Tag value for '" + k + "' exceeds 256 characters");
            }
            if (!ALLOWED.matcher(k).matches() || !ALLOWED.matcher(v).matches()) {
                throw MskErrors.badRequest("tags", "Tag '" + k + "' uses a character MSK does not allow; only"
                        + " letters, digits, white space and _ . / = + - @ are allowed");
            }
        });
    }
}
