package io.channelpilot.alarm;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.model.ChannelNames;
import io.channelpilot.model.Home;
import io.channelpilot.model.SafeText;
import io.channelpilot.model.TopicNames;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A "CloudWatch Alarm State Change" event of one of our channel alarms, reduced to what the responder needs. The
 * channel is identified by the metric dimensions ClusterName, ChannelName, Topic (DESIGN §7); whether the alarm is
 * really one Channel Pilot created for that channel is decided against the status store ({@link AlarmIdentity}), so
 * the metric's namespace, name and every dimension are kept.
 */
public record AlarmEvent(String eventId, String alarmName, String alarmArn, String state, String previousState,
                         Instant time, AlarmSignal signal, String clusterName, String channelName, String topic,
                         String reason, String namespace, String metricName, Map<String, String> dimensions) {

    public static final String ALARM_PREFIX = "channel-pilot-";

    public AlarmEvent {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(signal, "signal");
        reason = reason == null ? "" : reason;
        namespace = namespace == null ? "" : namespace;
        metricName = metricName == null ? "" : metricName;
        dimensions = Map.copyOf(dimensions == null ? Map.of() : dimensions);
    }

    public boolean isAlarm() {
        return "ALARM".equals(state);
    }

    public boolean isOk() {
        return "OK".equals(state);
    }

    /**
     * OK after ALARM: something that broke is fixed. A new alarm goes INSUFFICIENT_DATA → OK on its first evaluation;
     * that is no recovery and must not notify anybody.
     */
    public boolean isRecovery() {
        return isOk() && "ALARM".equals(previousState);
    }

    /** What the handler got: an event to act on, or a reason to ignore it (codes are stable). */
    public sealed interface Input permits Input.Ours, Input.Ignored {
        record Ours(AlarmEvent event) implements Input {
        }

        /**
         * @param code {@code NOT_AN_ALARM_EVENT}, {@code NOT_OUR_ALARM}, {@code MISSING_DIMENSIONS},
         *             {@code INVALID_DIMENSIONS}, {@code UNKNOWN_METRIC}, {@code FOREIGN_ALARM}, and from
         *             {@link AlarmIdentity}: {@code ALARM_NOT_RECORDED}, {@code ALARM_IDENTITY_MISMATCH}
         */
        record Ignored(String code, String message) implements Input {
            public Ignored {
                message = SafeText.of(message);
            }
        }
    }

    /**
     * Parses an EventBridge event and refuses one from another account or Region ({@code FOREIGN_ALARM}): a bus that
     * forwards other accounts' events must not make us triage or notify about our channel of the same name.
     */
    public static Input parse(JsonNode event, Home home) {
        Input input = parse(event);
        if (!(input instanceof Input.Ours)) {
            return input;
        }
        // The envelope's account/region and the alarm ARN's must all be ours (a part absent from the event is not checked).
        List<String> accounts = new ArrayList<>(List.of(event.path("account").asText("")));
        List<String> regions = new ArrayList<>(List.of(event.path("region").asText("")));
        Matcher arn = ALARM_ARN.matcher(event.path("resources").path(0).asText(""));
        if (arn.matches()) {
            regions.add(arn.group(2));
            accounts.add(arn.group(3));
        }
        Optional<String> foreign = differs("account", home.account(), accounts).or(() -> differs("Region", home.region(), regions))
                .or(() -> differs("partition", home.partition(), List.of(partitionOf(arn))));
        if (foreign.isPresent()) {
            return new Input.Ignored("FOREIGN_ALARM", "account/region/resources[0] " + foreign.get());
        }
        return input;
    }

    private static Optional<String> differs(String what, String ours, List<String> seen) {
        return ours.isEmpty() ? Optional.empty() : seen.stream().filter(v -> !v.isEmpty() && !v.equals(ours)).findFirst()
                .map(v -> "name " + what + " " + capped(v) + ", this stack runs in " + ours);
    }

    private static String partitionOf(Matcher arn) {
        return arn.matches() ? arn.group(1) : "";
    }

    private static final Pattern CLUSTER_NAME = Pattern.compile("^[A-Za-z0-9-]{1,64}$");

    private static final Pattern ALARM_ARN = Pattern.compile("^arn:(aws[a-z-]*):cloudwatch:([a-z0-9-]+):(\\d{12}):alarm:.+$");

    /** Parses an EventBridge event; never throws for bad input. */
    public static Input parse(JsonNode event) {
        if (event == null || !"aws.cloudwatch".equals(event.path("source").asText())
                || !"CloudWatch Alarm State Change".equals(event.path("detail-type").asText())) {
            return new Input.Ignored("NOT_AN_ALARM_EVENT", "source/detail-type: not a CloudWatch Alarm State Change event");
        }
        JsonNode detail = event.path("detail");
        String alarmName = capped(detail.path("alarmName").asText(""));
        if (!alarmName.startsWith(ALARM_PREFIX)) {
            return new Input.Ignored("NOT_OUR_ALARM", "detail.alarmName '" + alarmName + "' is not a Channel Pilot alarm");
        }
        JsonNode metric = detail.path("configuration").path("metrics").path(0).path("metricStat").path("metric");
        JsonNode dims = metric.path("dimensions");
        String cluster = dims.path("ClusterName").asText("");
        String channel = dims.path("ChannelName").asText("");
        String topic = dims.path("Topic").asText("");
        if (cluster.isBlank() || channel.isBlank() || topic.isBlank()) {
            return new Input.Ignored("MISSING_DIMENSIONS",
                    "alarm '" + alarmName + "' has no ClusterName/ChannelName/Topic in "
                            + "detail.configuration.metrics[0].metricStat.metric.dimensions");
        }
        // The names go into MSK, S3 and DynamoDB calls: checked here, never passed on as they came.
        Optional<String> badName = !CLUSTER_NAME.matcher(cluster).matches() ? Optional.of("ClusterName")
                : !ChannelNames.isValid(channel) ? Optional.of("ChannelName") : !TopicNames.isValid(topic) ? Optional.of("Topic")
                : Optional.empty();
        if (badName.isPresent()) {
            return new Input.Ignored("INVALID_DIMENSIONS", "alarm '" + alarmName + "': dimension " + badName.get()
                    + " (detail.configuration.metrics[0].metricStat.metric.dimensions." + badName.get()
                    + ") is not a valid MSK name");
        }
        Map<String, String> dimensions = new TreeMap<>();
        dims.fields().forEachRemaining(f -> dimensions.put(capped(f.getKey()), capped(f.getValue().asText(""))));
        var signal = AlarmSignal.of(metric.path("name").asText(""), alarmName);
        if (signal.isEmpty()) {
            return new Input.Ignored("UNKNOWN_METRIC", "alarm '" + alarmName + "' watches no channel delivery metric "
                    + "(detail.configuration.metrics[0].metricStat.metric.name)");
        }
        String id = event.path("id").asText("");
        String arn = event.path("resources").path(0).asText("");
        String state = detail.path("state").path("value").asText("");
        return new Input.Ours(new AlarmEvent(id.isEmpty() ? arn + "|" + state + "|" + event.path("time").asText() : id,
                alarmName, arn, state, detail.path("previousState").path("value").asText(""),
                time(event.path("time").asText("")), signal.get(), cluster, channel, topic,
                detail.path("state").path("reason").asText(""), capped(metric.path("namespace").asText("")),
                capped(metric.path("name").asText("")), dimensions));
    }

    /** The name is quoted in reasons and logs; a hostile event must not turn into a huge log line. */
    private static String capped(String name) {
        return name.length() <= 256 ? name : name.substring(0, 256) + "... (" + name.length() + " characters, cut)";
    }

    private static Instant time(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }
}
