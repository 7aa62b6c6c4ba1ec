package io.channelpilot.conformance;

/** RFC 6901 helpers. */
final class JsonPointers {

    private JsonPointers() {
    }

    /** Escapes one reference token: {@code ~} → {@code ~0}, {@code /} → {@code ~1}. */
    static String escape(String token) {
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
            return token;
        }
        return token.replace("~", "~0").replace("/", "~1");
    }

    static String child(String pointer, String token) {
        return pointer + "/" + escape(token);
    }

    static String child(String pointer, int index) {
        return pointer + "/" + index;
    }
}
