package io.channelpilot.conformance;

import java.util.Objects;

/**
 * The knobs where the documented behaviour is ambiguous. Defaults are our assumptions; each is marked UNCONFIRMED
 * and documented in docs/conformance.md.
 *
 * @param unboundedInteger Iceberg type for a JSON "integer" whose minimum/maximum do not both fit 32-bit bounds
 *                         because one or both are missing. Reference §4 only says "fits 32-bit → int, exceeds →
 *                         long"; an unbounded integer is ambiguous. UNCONFIRMED: we default to {@link
 *                         IntegerWidth#LONG} because it never rejects a value an int column would accept.
 * @param defaultDraft     draft assumed when the schema has no {@code $schema}. UNCONFIRMED: DRAFT_07 (the draft the
 *                         Terraform acceptance test registers).
 * @param maxNestingDepth  deepest allowed nesting of objects/arrays, the root object counting as level 1. Reference
 *                         §3/§4: "max 16 levels" (documented); configurable only for tests of the limit itself.
 */
record ConformanceOptions(IntegerWidth unboundedInteger, SchemaDraft defaultDraft, int maxNestingDepth) {

    /** Documented maximum JSON nesting depth (reference §3, DG schema-mapping). */
    public static final int DOCUMENTED_MAX_NESTING_DEPTH = 16;

    public enum IntegerWidth { INT, LONG }

    public ConformanceOptions {
        Objects.requireNonNull(unboundedInteger, "unboundedInteger");
        Objects.requireNonNull(defaultDraft, "defaultDraft");
        if (defaultDraft == SchemaDraft.UNSUPPORTED) {
            throw new IllegalArgumentException("defaultDraft must be DRAFT_04 or DRAFT_07");
        }
        if (maxNestingDepth < 1) {
            throw new IllegalArgumentException("maxNestingDepth must be positive: " + maxNestingDepth);
        }
    }

    public static ConformanceOptions defaults() {
        return new ConformanceOptions(IntegerWidth.LONG, SchemaDraft.DRAFT_07, DOCUMENTED_MAX_NESTING_DEPTH);
    }

    public ConformanceOptions withUnboundedInteger(IntegerWidth width) {
        return new ConformanceOptions(width, defaultDraft, maxNestingDepth);
    }

    public ConformanceOptions withDefaultDraft(SchemaDraft draft) {
        return new ConformanceOptions(unboundedInteger, draft, maxNestingDepth);
    }
}
