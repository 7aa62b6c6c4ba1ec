package io.channelpilot.local.world.delivery;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Where channel metrics go (the lead wires it to the CloudWatch emulator, which evaluates alarms). */
@FunctionalInterface
public interface MetricPublisher {

    MetricPublisher NONE = data -> { };

    void publish(List<Datum> data);

    /** One CloudWatch datum: namespace {@code AWS/Kafka}, dimensions ClusterName/ChannelName/Topic (reference §7). */
    record Datum(String namespace, String metricName, Unit unit, double value, Instant timestamp,
                 Map<String, String> dimensions) {
        public Datum {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(metricName, "metricName");
            Objects.requireNonNull(unit, "unit");
            Objects.requireNonNull(timestamp, "timestamp");
            dimensions = Map.copyOf(dimensions);
        }
    }

    /** CloudWatch unit names as the API spells them. */
    enum Unit {
        SECONDS("Seconds"), BYTES("Bytes"), COUNT("Count");

        private final String cloudWatchName;

        Unit(String cloudWatchName) {
            this.cloudWatchName = cloudWatchName;
        }

        public String cloudWatchName() {
            return cloudWatchName;
        }
    }
}
