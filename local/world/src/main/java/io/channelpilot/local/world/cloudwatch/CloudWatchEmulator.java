package io.channelpilot.local.world.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.EventSink;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CloudWatch (signing name {@code monitoring}) over Smithy RPC v2 CBOR: metrics, metric alarms, tags, and alarm
 * evaluation on the world's virtual clock. {@link #evaluate()} is called by the world after every clock advance or
 * metric publication; each state change is published to the {@link EventSink} as the documented
 * "CloudWatch Alarm State Change" event and, with actions enabled, runs the alarm's actions.
 */
public final class CloudWatchEmulator implements ServiceEmulator {

    private static final String PATH_PREFIX = "/service/GraniteServiceVersion20100801/operation/";

    private final Clock clock;
    private final EventSink events;
    private final String account;
    private final String region;
    private final MetricStore store = new MetricStore();
    private final AlarmBook book = new AlarmBook();
    private final MetricOperations metrics;
    private final AlarmOperations alarms;
    private final Object lock = new Object();
    private volatile AlarmActionInvoker actions = AlarmActionInvoker.none();

    public CloudWatchEmulator(Clock clock, EventSink events, String account, String region) {
        this.clock = clock;
        this.events = events;
        this.account = account;
        this.region = region;
        this.metrics = new MetricOperations(store, clock);
        this.alarms = new AlarmOperations(book, region, account);
    }

    public void actionInvoker(AlarmActionInvoker invoker) {
        this.actions = invoker;
    }

    @Override
    public String signingName() {
        return "monitoring";
    }

    @Override
    public String serviceLabel() {
        return "cloudwatch";
    }

    @Override
    public Protocol protocol() {
        return Protocol.RPC_V2_CBOR;
    }

    @Override
    public String operationOf(AwsRequest request) {
        if (!"POST".equals(request.method()) || !request.rawPath().startsWith(PATH_PREFIX)) {
            throw new AwsServiceError(404, "UnknownOperationException", "No CloudWatch operation at " + request.rawPath());
        }
        return request.rawPath().substring(PATH_PREFIX.length());
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        try {
            return AwsResponse.cbor(200, Cbor.write(dispatch(Json.parseCbor(Cbor.body(request)), operation)));
        } catch (AwsServiceError e) {
            throw CloudWatchErrors.modeled(e);
        }
    }

    private ObjectNode dispatch(JsonNode body, String operation) {
        Instant now = clock.instant();
        ObjectNode result;
        Map.Entry<MetricAlarm, AlarmState> announced = null;
        synchronized (lock) {
            result = switch (operation) {
                case "PutMetricData" -> metrics.putMetricData(body);
                case "GetMetricData" -> metrics.getMetricData(body);
                case "ListMetrics" -> metrics.listMetrics(body);
                case "PutMetricAlarm" -> alarms.putMetricAlarm(body, now);
                case "DescribeAlarms" -> alarms.describeAlarms(body);
                case "DeleteAlarms" -> alarms.deleteAlarms(body);
                case "SetAlarmState" -> {
                    Map.Entry<MetricAlarm, AlarmState> change = alarms.setAlarmState(body, now);
                    book.replace(change.getKey());
                    if (!change.getKey().state().value().equals(change.getValue().value())) {
                        announced = change;
                    }
                    yield Json.object();
                }
                case "TagResource" -> tagResource(body);
                case "UntagResource" -> untagResource(body);
                case "ListTagsForResource" -> listTags(body);
                default -> throw new AwsServiceError(400, "UnknownOperationException",
                        "The local world does not emulate CloudWatch " + operation);
            };
        }
        if (announced != null) {
            announce(announced.getKey(), announced.getValue());
        }
        return result;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "Throttling", "Rate exceeded");
    }

    /**
     * Evaluates every alarm at the current virtual time and returns the state-change events it published, in alarm
     * name order (deterministic).
     */
    public List<JsonNode> evaluate() {
        Instant now = clock.instant();
        List<Map.Entry<MetricAlarm, AlarmState>> changes = new ArrayList<>();
        synchronized (lock) {
            for (MetricAlarm alarm : book.all()) {
                Optional<AlarmState> next = AlarmEvaluator.evaluate(alarm, store, now);
                if (next.isPresent()) {
                    MetricAlarm changed = alarm.withState(next.get());
                    book.replace(changed);
                    changes.add(Map.entry(changed, alarm.state()));
                }
            }
        }
        // Events and actions leave the lock: a sink or an action may call back into the world.
        List<JsonNode> published = new ArrayList<>();
        changes.forEach(c -> published.add(announce(c.getKey(), c.getValue())));
        return published;
    }

    /**
     * Records a datapoint from inside the world (e.g. the channel delivery simulation publishing {@code AWS/Kafka}
     * metrics, a namespace clients may not write to). The world calls {@link #evaluate()} afterwards.
     */
    public void record(String namespace, String metricName, Map<String, String> dimensions, double value,
                       Instant timestamp) {
        record(namespace, metricName, dimensions, value, "None", timestamp);
    }

    /** As {@link #record(String, String, Map, double, Instant)} with a CloudWatch unit name (e.g. {@code Count}). */
    public void record(String namespace, String metricName, Map<String, String> dimensions, double value, String unit,
                       Instant timestamp) {
        store.add(MetricKey.of(namespace, metricName, dimensions), Datapoint.single(timestamp, value, 1, unit));
    }

    public MetricStore metrics() {
        return store;
    }

    public List<MetricAlarm> alarms() {
        return book.all();
    }

    public Optional<MetricAlarm> alarm(String name) {
        return book.alarm(name);
    }

    AlarmBook book() {
        return book;
    }

    public Optional<Map<String, String>> tags(String arn) {
        return book.tags(arn);
    }

    private JsonNode announce(MetricAlarm alarm, AlarmState previous) {
        ObjectNode event = AlarmEvents.stateChange(alarm, previous, account, region);
        events.publish(event);
        if (alarm.actionsEnabled()) {
            alarm.actionsFor(alarm.state().value()).forEach(arn -> actions.invoke(arn, alarm, previous));
        }
        return event;
    }

    private ObjectNode tagResource(JsonNode body) {
        String arn = existingArn(body);
        book.tag(arn, AlarmOperations.tags(body.get("Tags")));
        return Json.object();
    }

    private ObjectNode untagResource(JsonNode body) {
        book.untag(existingArn(body), Params.strings(body, "TagKeys"));
        return Json.object();
    }

    private ObjectNode listTags(JsonNode body) {
        String arn = existingArn(body);
        ObjectNode out = Json.object();
        ArrayNode tags = out.putArray("Tags");
        book.tags(arn).orElse(Map.of()).entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> tags.addObject().put("Key", e.getKey()).put("Value", e.getValue()));
        return out;
    }

    private String existingArn(JsonNode body) {
        String arn = Params.required(body, "ResourceARN");
        boolean known = book.all().stream().anyMatch(a -> a.alarmArn().equals(arn));
        if (!known) {
            throw new AwsServiceError(404, "ResourceNotFoundException", "Resource " + arn + " not found.");
        }
        return arn;
    }
}
