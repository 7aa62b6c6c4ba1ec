package io.channelpilot.store;

/** Kubernetes-style tri-state: "True", "False", "Unknown". */
public enum ConditionStatus {
    TRUE("True"),
    FALSE("False"),
    UNKNOWN("Unknown");

    private final String wireName;

    ConditionStatus(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static ConditionStatus fromWireName(String name) {
        for (ConditionStatus s : values()) {
            if (s.wireName.equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown condition status '" + name + "'");
    }
}
