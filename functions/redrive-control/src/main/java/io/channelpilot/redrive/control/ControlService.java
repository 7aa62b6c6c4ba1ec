package io.channelpilot.redrive.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.redrive.RedriveTaskEvents;
import io.channelpilot.gateway.Facts;
import io.channelpilot.gateway.AwsErrorKind;
import io.channelpilot.gateway.GatewayFailure;
import io.channelpilot.gateway.GatewayResult;
import io.channelpilot.gateway.Gateways;
import io.channelpilot.model.SchemaRef;
import io.channelpilot.redrive.RedriveCode;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RedriveTaskStore;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.retention.OutstandingEntries;
import io.channelpilot.retention.OutstandingStore;
import io.channelpilot.retention.RedriveCoverage;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.workflow.AwsThrottled;
import io.channelpilot.workflow.InvalidTaskInput;
import io.channelpilot.workflow.TaskInputs;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The two non-worker steps of redrive-dlq. <b>prepare</b>: PENDING → RUNNING, resolves the channel schema the workers
 * pre-validate with (stored on the task, so workers need no Glue access) and returns the Map's parameters, or
 * {@code proceed=false} when the task was cancelled or cannot run. <b>summarise</b>: ends the task (SUCCEEDED, or
 * FAILED with the Map's error), releases the channel lock, takes what the task covered off the channel's outstanding DLQ
 * entries ({@link RedriveCoverage}: the retention race stops counting them) and notifies.
 */
public final class ControlService {

    private static final Logger LOG = LoggerFactory.getLogger(ControlService.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final RedriveTaskStore tasks;
    private final Gateways.SchemaRegistryGateway schemas;
    private final RedriveNotifier notifier;
    private final OutstandingStore outstanding;
    private final Clock clock;
    private final RedriveTaskEvents events;

    ControlService(RedriveTaskStore tasks, Gateways.SchemaRegistryGateway schemas, RedriveNotifier notifier,
                          OutstandingStore outstanding, Clock clock) {
        this(tasks, schemas, notifier, outstanding, clock, RedriveTaskEvents.NONE);
    }

    /** @param events publishes the task's state changes (issue 15: Channel Pilot Redrive Task State Change) */
    ControlService(RedriveTaskStore tasks, Gateways.SchemaRegistryGateway schemas, RedriveNotifier notifier,
                          OutstandingStore outstanding, Clock clock, RedriveTaskEvents events) {
        this.events = events;
        this.tasks = tasks;
        this.schemas = schemas;
        this.notifier = notifier;
        this.outstanding = outstanding;
        this.clock = clock;
    }

    public JsonNode handle(JsonNode input) {
        String shape = "Invoke as redrive-dlq does: {\"step\":\"prepare\"|\"summarise\",\"taskId\":..,\"input\"?:{\"failure\"?}} "
                + "(events/redrive-control/prepare.json).";
        TaskInputs.object(input, "$", shape);
        String step = TaskInputs.text(input, "step", "step", shape);
        if (!step.equals("prepare") && !step.equals("summarise")) {
            throw TaskInputs.invalid("step", "is neither prepare nor summarise", shape);
        }
        String taskId = TaskInputs.text(input, "taskId", "taskId", shape);
        // Checked before the lookup: a task id becomes a DynamoDB key, and ids are generated as [A-Za-z0-9-].
        if (!taskId.matches("[A-Za-z0-9_.:-]{1,128}")) {
            throw TaskInputs.invalid("taskId", "is not a redrive task id (1-128 of [A-Za-z0-9_.:-])", shape);
        }
        RedriveTask task = tasks.find(taskId).orElseThrow(() -> new InvalidTaskInput(InvalidTaskInput.Code.INPUT_FIELD_INVALID,
                "taskId", RedriveCode.TASK_NOT_FOUND + ": no redrive task with this id", RedriveCode.TASK_NOT_FOUND.remediation()));
        return step.equals("prepare") ? prepare(task) : summarise(task, input.path("input").path("failure"));
    }

    private JsonNode prepare(RedriveTask task) {
        ObjectNode out = NODES.objectNode().put("taskId", task.taskId()).put("bucket", task.dlqBucket())
                .put("prefix", task.dlqPrefix()).put("maxConcurrency", task.request().maxConcurrency());
        if (!task.state().isActive()) {
            events.publish(task);
            return out.put("proceed", false).put("reason", "task is " + task.state());
        }
        Optional<String> definition = schema(task.schemaRef());
        if (definition.isEmpty()) {
            tasks.transition(task.taskId(), EnumSet.of(TaskState.PENDING, TaskState.RUNNING), TaskState.FAILED,
                    RedriveCode.SCHEMA_UNAVAILABLE + ": schema " + task.schemaRef() + " could not be read", clock.instant());
            tasks.find(task.taskId()).ifPresent(events::publish);
            return out.put("proceed", false).put("reason", RedriveCode.SCHEMA_UNAVAILABLE.name());
        }
        tasks.setSchema(task.taskId(), definition.get());
        boolean running = tasks.transition(task.taskId(), EnumSet.of(TaskState.PENDING, TaskState.RUNNING),
                TaskState.RUNNING, null, clock.instant());
        tasks.find(task.taskId()).ifPresent(events::publish);
        LOG.info("redrive task prepared task={} proceed={}", task.taskId(), running);
        return out.put("proceed", running).put("reason", running ? "" : "task is no longer active");
    }

    private Optional<String> schema(String ref) {
        SchemaRef schema = SchemaRef.parse(ref);
        GatewayResult<Optional<Facts.Schema>> r = schemas.latestSchema(schema.registry(), schema.schema());
        if (r instanceof GatewayResult.Ok<Optional<Facts.Schema>> ok) {
            return ok.value().map(Facts.Schema::definition);
        }
        AwsErrorKind kind = ((GatewayResult.Failed<Optional<Facts.Schema>>) r).failure().kind();
        if (kind == AwsErrorKind.THROTTLED || kind == AwsErrorKind.UNAVAILABLE) {
            // transient (the fault suite, issue 8.3, failed whole tasks here): redrive-dlq retries Prepare on
            // AwsThrottled; SCHEMA_UNAVAILABLE is for a schema that is missing or not readable by this role
            throw new AwsThrottled("glue schema read of " + ref, null);
        }
        return Optional.empty();
    }

    private JsonNode summarise(RedriveTask task, JsonNode failure) {
        boolean failed = failure.isObject() && failure.has("Error");
        String reason = failed ? RedriveCode.WORKER_FAILED + ": " + failure.path("Error").asText() : "";
        TaskState end = failed ? TaskState.FAILED : TaskState.SUCCEEDED;
        tasks.transition(task.taskId(), EnumSet.of(TaskState.PENDING, TaskState.RUNNING), end, reason, clock.instant());
        RedriveTask finished = tasks.find(task.taskId()).orElseThrow();
        events.publish(finished);
        ObjectNode covered = cover(finished);
        notifier.finished(finished);
        LOG.info("redrive task finished task={} state={} counters={} outstanding={}", finished.taskId(), finished.state(),
                finished.counters().asMap(), covered);
        ObjectNode out = NODES.objectNode().put("taskId", finished.taskId()).put("state", finished.state().name())
                .put("failureReason", finished.failureReason());
        out.set("counters", io.channelpilot.redrive.RedriveJson.MAPPER.valueToTree(finished.counters().asMap()));
        out.set("outstanding", covered);
        return out;
    }

    /**
     * Applies the coverage rule to the channel's outstanding entries. Idempotent (a retried Summarise clears nothing
     * more). A failed write leaves the entries outstanding — the race then warns early, never late — and is logged.
     */
    private ObjectNode cover(RedriveTask task) {
        ChannelKey key = new ChannelKey(task.request().clusterArn(), task.request().channelName());
        ObjectNode out = NODES.objectNode();
        try {
            if (outstanding.find(key).isEmpty()) {
                return out.put("verdict", "NOTHING_OUTSTANDING");
            }
            AtomicReference<RedriveCoverage.Result> result = new AtomicReference<>();
            OutstandingEntries next = outstanding.update(key, task.topic(), e -> {
                result.set(RedriveCoverage.apply(e, task));
                return result.get().next();
            });
            RedriveCoverage.Result r = result.get();
            out.put("verdict", r.verdict().name());
            r.cleared().forEach(c -> out.withArray("cleared").add(c.name()));
            r.advanced().forEach(c -> out.withArray("advanced").add(c.name()));
            r.kept().forEach(c -> out.withArray("kept").add(c.name()));
            next.oldest().ifPresent(t -> out.put("oldestOutstanding", t.toString()));
            return out;
        } catch (RuntimeException e) {
            LOG.warn("redrive task={} outstanding DLQ entries not updated (they stay outstanding): {}", task.taskId(), e.toString());
            return out.put("verdict", "NOT_RECORDED");
        }
    }
}
