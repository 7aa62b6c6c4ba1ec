package io.channelpilot.model;

import java.util.Optional;

/** What triage does with dead-lettered records (DESIGN §7): redrive at once, wait for a person, or only report. */
public enum RedrivePolicy {
    AUTO,
    MANUAL,
    OFF;

    public static Optional<RedrivePolicy> fromTag(String value) {
        for (RedrivePolicy p : values()) {
            if (p.name().equalsIgnoreCase(value)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
