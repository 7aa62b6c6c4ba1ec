package io.channelpilot.local.world.cloudwatch;

import io.channelpilot.local.world.http.AwsServiceError;
import java.util.List;

/** The statistics the local world can compute from statistic sets. Percentiles need raw values and are refused. */
enum Statistic {
    SampleCount, Sum, Average, Minimum, Maximum;

    static Statistic parse(String name, String field) {
        for (Statistic s : values()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        // UNCONFIRMED for the local world: extended statistics (p99, tm90, ...) are valid in AWS but need raw samples;
        // refusing them loudly is better than inventing numbers.
        throw new AwsServiceError(400, "InvalidParameterValue", "The value " + name + " for parameter " + field
                + " is not supported by the local world; use SampleCount, Sum, Average, Minimum or Maximum.");
    }

    double of(List<Datapoint> points) {
        double count = 0;
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Datapoint p : points) {
            count += p.sampleCount();
            sum += p.sum();
            min = Math.min(min, p.minimum());
            max = Math.max(max, p.maximum());
        }
        return switch (this) {
            case SampleCount -> count;
            case Sum -> sum;
            case Average -> count == 0 ? 0 : sum / count;
            case Minimum -> min;
            case Maximum -> max;
        };
    }
}
