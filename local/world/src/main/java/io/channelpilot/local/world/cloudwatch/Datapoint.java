package io.channelpilot.local.world.cloudwatch;

import java.time.Instant;

/**
 * One published observation reduced to a statistic set: a single value is {@code (1, v, v, v)}, {@code Values}/
 * {@code Counts} pairs become {@code (c, v*c, v, v)}, {@code StatisticValues} are taken as sent.
 */
public record Datapoint(Instant timestamp, double sampleCount, double sum, double minimum, double maximum, String unit) {

    static Datapoint single(Instant timestamp, double value, double count, String unit) {
        return new Datapoint(timestamp, count, value * count, value, value, unit);
    }
}
