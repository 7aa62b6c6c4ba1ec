package io.channelpilot.spec;

import java.util.Optional;

/**
 * MSK tag restrictions (MSK developer guide, quoted in DESIGN §3): keys and values allow Unicode letters, digits, white
 * space and {@code _ . / = + - @}; keys 1–128 characters and not starting with {@code aws:}; values 0–255; at most 50
 * tags per resource.
 */
final class TagCharset {

    static final int MAX_KEY = 128;
    static final int MAX_VALUE = 255;
    static final int MAX_TAGS = 50;

    private TagCharset() {
    }

    /** The first character the charset forbids, if any. */
    static Optional<String> firstIllegal(String text) {
        return text.codePoints()
                .filter(cp -> !(Character.isLetter(cp) || Character.isDigit(cp) || Character.isWhitespace(cp)
                        || "_./=+-@".indexOf(cp) >= 0))
                .mapToObj(Character::toString)
                .findFirst();
    }

    static Optional<TagProblem> checkKey(String key) {
        if (key.isEmpty() || key.length() > MAX_KEY) {
            return Optional.of(TagProblem.of(SpecError.TAG_KEY_INVALID, key, "",
                    "tag key '" + key + "' is " + key.length() + " characters; MSK allows 1-" + MAX_KEY,
                    "Shorten the key, e.g. use a shorter rule name after 'channel-pilot/'."));
        }
        if (key.startsWith("aws:")) {
            return Optional.of(TagProblem.of(SpecError.TAG_KEY_INVALID, key, "", "tag key '" + key + "' starts with 'aws:'",
                    "Rename the tag; keys starting with 'aws:' are reserved by AWS."));
        }
        return firstIllegal(key).map(c -> TagProblem.of(SpecError.TAG_KEY_INVALID, key, "",
                "tag key '" + key + "' contains '" + c + "', which MSK tags do not allow",
                "Use only letters, digits, spaces and _ . / = + - @ in the key."));
    }

    static Optional<TagProblem> checkValue(String key, String value) {
        if (value.length() > MAX_VALUE) {
            return Optional.of(TagProblem.of(SpecError.TAG_VALUE_INVALID, key, "",
                    "value of tag '" + key + "' is " + value.length() + " characters; MSK allows at most " + MAX_VALUE,
                    "Split the settings over a second rule tag, or move common settings to 'channel-pilot/defaults'."));
        }
        return firstIllegal(value).map(c -> TagProblem.of(SpecError.TAG_VALUE_INVALID, key, "",
                "value of tag '" + key + "' contains '" + c + "', which MSK tags do not allow",
                "Use only letters, digits, spaces and _ . / = + - @; write repair rules in tag form (op@pointer=value, "
                        + "b64.<base64> for other characters)."));
    }
}
