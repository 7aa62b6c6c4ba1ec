package io.channelpilot.spec;

/** Stable codes of tag-contract errors (DESIGN §3). Each {@link TagProblem} names the tag, the setting and the fix. */
public enum SpecError {
    /** A tag key breaks MSK tag rules: 1–128 characters, letters, digits, white space, {@code _ . / = + - @}, no {@code aws:}. */
    TAG_KEY_INVALID,
    /** A tag value breaks MSK tag rules: 0–255 characters of the same charset (no colon, comma, semicolon, star). */
    TAG_VALUE_INVALID,
    /** More than 50 tags on the resource. */
    TAG_LIMIT_EXCEEDED,
    /** A setting is not {@code key=value}. */
    SETTING_MALFORMED,
    /** A setting key Channel Pilot does not know. */
    SETTING_UNKNOWN,
    /** A single-valued setting appears twice in one tag. */
    SETTING_DUPLICATE,
    /** A setting value outside its allowed set (format, compression, redrive, paused, managed, enabled, owner, partition). */
    SETTING_VALUE_INVALID,
    /** {@code freshness} is not a whole number of seconds (the 300–900 range is the validation rule FRESHNESS_RANGE). */
    FRESHNESS_OUT_OF_RANGE,
    /** {@code namespace} breaks the S3 Tables naming rules. */
    NAMESPACE_INVALID,
    /** {@code table} breaks the S3 Tables naming rules. */
    TABLE_INVALID,
    /** {@code schema} is not {@code <registry>/<schema>}. */
    SCHEMA_REF_INVALID,
    /** A {@code repair} rule does not parse. */
    REPAIR_RULE_INVALID,
    /** A {@code repair} rule writes, coerces, drops or renames the partition column (or onto it). */
    REPAIR_TOUCHES_PARTITION,
    /** {@code approve} is not 8–64 lowercase hex characters of a fingerprint. */
    APPROVE_INVALID,
    /** A cluster rule has neither {@code topic=} nor {@code prefix=}. */
    SELECTOR_MISSING,
    /** A cluster rule has more than one selector. */
    SELECTOR_MULTIPLE,
    /** A selector in {@code channel-pilot/defaults} or in topic tags, where none is allowed. */
    SELECTOR_NOT_ALLOWED,
    /** A selector value that cannot be a Kafka topic name or prefix. */
    SELECTOR_INVALID,
    /** Two tags of equal precedence set one setting to different values for the same topic. */
    RULE_CONFLICT,
    /** After precedence, a required setting ({@code schema}, {@code partition}) is still unset. */
    SETTING_REQUIRED,
    /**
     * A tag key that looks like a Channel Pilot key but is not one ({@code channel-pilot:orders},
     * {@code channelpilot/orders}, {@code Channel-Pilot/orders}, ...): a hint with the right spelling, never blocking
     * ({@link TagKeyHints}).
     */
    TAG_KEY_LOOKALIKE
}
