package io.channelpilot.local.world.cloudwatch;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * Computes a metric alarm's state from its datapoints, the way CloudWatch documents it: the evaluation range is the
 * last {@code EvaluationPeriods} periods (aligned to the period), the alarm goes to ALARM when at least
 * {@code DatapointsToAlarm} of them breach ("M out of N"), and {@code TreatMissingData} decides what an empty period
 * means.
 *
 * <p>ASSUMPTION: only complete periods are evaluated (the period containing "now" is still filling up), so a
 * breaching datapoint turns the alarm once the virtual clock passes the end of its period. AWS additionally delays
 * evaluation by a minute or so and may look back further than N periods when data is missing; the local world does
 * neither, which keeps scenarios exact and is documented in docs/local-world.md.
 */
final class AlarmEvaluator {

    static final DateTimeFormatter STATE_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter REASON_TIME =
            DateTimeFormatter.ofPattern("dd/MM/yy HH:mm:ss").withZone(ZoneOffset.UTC);

    private AlarmEvaluator() {
    }

    /** The next state, or empty when the state value would not change. */
    static Optional<AlarmState> evaluate(MetricAlarm alarm, MetricStore store, Instant now) {
        long period = alarm.period();
        Instant end = MetricStore.bucketStart(now, period);
        Instant start = end.minusSeconds(period * alarm.evaluationPeriods());
        NavigableMap<Instant, Double> values = store.aggregate(alarm.metric(), start, end, period,
                Statistic.parse(alarm.statistic(), "Statistic"), alarm.unit());
        int missing = alarm.evaluationPeriods() - values.size();
        List<Double> breaching = new ArrayList<>();
        List<Double> notBreaching = new ArrayList<>();
        List<Instant> breachingAt = new ArrayList<>();
        List<Instant> notBreachingAt = new ArrayList<>();
        values.descendingMap().forEach((t, v) -> {
            if (alarm.breaches(v)) {
                breaching.add(v);
                breachingAt.add(t);
            } else {
                notBreaching.add(v);
                notBreachingAt.add(t);
            }
        });
        int breachCount = breaching.size();
        String treat = alarm.treatMissingData() == null ? "missing" : alarm.treatMissingData();
        if (values.isEmpty()) {
            switch (treat) {
                case "ignore":
                    return Optional.empty();
                case "missing":
                    return changed(alarm, new AlarmState(AlarmState.INSUFFICIENT_DATA, "Insufficient Data: "
                            + plural(missing, "datapoint") + " " + (missing == 1 ? "was" : "were") + " unknown.",
                            reasonData(alarm, now, start, values), now));
                default:
                    break;
            }
        }
        if ("breaching".equals(treat)) {
            breachCount += missing;
        }
        boolean alarmed = breachCount >= alarm.datapointsToAlarm();
        String next = alarmed ? AlarmState.ALARM : AlarmState.OK;
        List<Double> shown = alarmed ? breaching : notBreaching;
        List<Instant> shownAt = alarmed ? breachingAt : notBreachingAt;
        int counted = alarmed ? breachCount : notBreaching.size() + ("notBreaching".equals(treat) ? missing : 0);
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < shown.size(); i++) {
            points.append(i == 0 ? "" : ", ").append(shown.get(i)).append(" (")
                    .append(REASON_TIME.format(shownAt.get(i))).append(')');
        }
        String reason = "Threshold Crossed: " + counted + " out of the last " + alarm.evaluationPeriods()
                + " datapoints [" + points + "] " + (counted == 1 ? "was " : "were ") + (alarmed ? "" : "not ")
                + alarm.comparisonPhrase() + " the threshold (" + alarm.threshold() + ") (minimum "
                + plural(alarm.datapointsToAlarm(), "datapoint") + " for "
                + (alarmed ? "OK -> ALARM" : "ALARM -> OK") + " transition).";
        if (missing > 0 && !"missing".equals(treat) && !"ignore".equals(treat)) {
            // ASSUMPTION: wording of the missing-data note appended to the reason (not documented verbatim).
            reason = reason + " " + plural(missing, "missing datapoint") + " "
                    + (missing == 1 ? "was" : "were") + " treated as ["
                    + ("breaching".equals(treat) ? "Breaching" : "NonBreaching") + "].";
        }
        return changed(alarm, new AlarmState(next, reason, reasonData(alarm, now, start, values), now));
    }

    private static Optional<AlarmState> changed(MetricAlarm alarm, AlarmState next) {
        return next.value().equals(alarm.state().value()) ? Optional.empty() : Optional.of(next);
    }

    private static String plural(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** The JSON CloudWatch puts in {@code StateReasonData}, chronological datapoints. */
    private static String reasonData(MetricAlarm alarm, Instant now, Instant start, NavigableMap<Instant, Double> values) {
        ObjectNode data = Json.object().put("version", "1.0")
                .put("queryDate", STATE_TIME.format(now))
                .put("startDate", STATE_TIME.format(values.isEmpty() ? start : values.firstKey()))
                .put("statistic", alarm.statistic())
                .put("period", alarm.period());
        ArrayNode recent = data.putArray("recentDatapoints");
        values.values().forEach(recent::add);
        data.put("threshold", alarm.threshold());
        return data.toString();
    }
}
