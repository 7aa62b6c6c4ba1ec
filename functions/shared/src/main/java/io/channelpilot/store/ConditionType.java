package io.channelpilot.store;

/** Strimzi-style condition types kept per channel (issue "Convergence", DESIGN §5 step 6). */
public enum ConditionType {
    READY("Ready"),
    VALIDATED("Validated"),
    PROVISIONED("Provisioned"),
    DEGRADED("Degraded"),
    REPLACEMENT_PENDING("ReplacementPending");

    private final String wireName;

    ConditionType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static ConditionType fromWireName(String name) {
        for (ConditionType t : values()) {
            if (t.wireName.equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown condition type '" + name + "'");
    }
}
