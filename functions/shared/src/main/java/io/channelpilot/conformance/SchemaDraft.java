package io.channelpilot.conformance;

import java.util.Optional;

/**
 * JSON Schema drafts a channel accepts. Reference §4: draft-04 or draft-07 ([SKILL], the Terraform test registers a
 * draft-07 schema); the official MSK docs name no draft (UNCONFIRMED beyond that).
 */
public enum SchemaDraft {
    DRAFT_04("http://json-schema.org/draft-04/schema"),
    DRAFT_07("http://json-schema.org/draft-07/schema"),
    /** A {@code $schema} we do not accept (draft-06, 2019-09, 2020-12, anything else) or no readable schema. */
    UNSUPPORTED("");

    private final String uri;

    SchemaDraft(String uri) {
        this.uri = uri;
    }

    /** Canonical meta-schema URI without the trailing {@code #}. */
    public String uri() {
        return uri;
    }

    /**
     * Draft-06 and later accept 1.0 as an integer; draft-04 does not (its "integer" excludes any number written
     * with a fraction part).
     */
    public boolean acceptsIntegralFloatAsInteger() {
        return this == DRAFT_07;
    }

    /** Matches a {@code $schema} value, tolerating http/https, a trailing {@code #} and a trailing slash. */
    public static Optional<SchemaDraft> fromSchemaUri(String value) {
        String v = value.trim();
        if (v.endsWith("#")) {
            v = v.substring(0, v.length() - 1);
        }
        if (v.endsWith("/")) {
            v = v.substring(0, v.length() - 1);
        }
        if (v.startsWith("https://")) {
            v = "http://" + v.substring("https://".length());
        }
        for (SchemaDraft draft : values()) {
            if (draft != UNSUPPORTED && draft.uri.equals(v)) {
                return Optional.of(draft);
            }
        }
        return Optional.empty();
    }
}
