package io.channelpilot.reconcile;

import java.util.List;

/**
 * The retention-race check of a sweep (DESIGN §7), per cluster and summed for the sweep.
 *
 * @param checked          managed channels with outstanding DLQ entries that were assessed
 * @param warn             of those, at WARN
 * @param critical         of those, at CRITICAL
 * @param retentionUnknown of those, whose topic retention could not be read (and no default is configured)
 * @param unlimited        of those, on topics with {@code retention.ms=-1}
 * @param notified         RETENTION_RISK notifications sent (level increases only)
 * @param cleared          channels whose RetentionRace condition was cleared (entries redriven, or the race receded)
 * @param items            one line per channel at WARN or CRITICAL ({@code channel: LEVEL n% used, t left})
 */
public record RetentionSummary(int checked, int warn, int critical, int retentionUnknown, int unlimited, int notified,
                               int cleared, List<String> items) {

    public static final RetentionSummary NONE = new RetentionSummary(0, 0, 0, 0, 0, 0, 0, List.of());

    public RetentionSummary {
        items = List.copyOf(items);
    }

    public RetentionSummary plus(RetentionSummary o) {
        List<String> all = new java.util.ArrayList<>(items);
        all.addAll(o.items);
        return new RetentionSummary(checked + o.checked, warn + o.warn, critical + o.critical,
                retentionUnknown + o.retentionUnknown, unlimited + o.unlimited, notified + o.notified, cleared + o.cleared, all);
    }
}
