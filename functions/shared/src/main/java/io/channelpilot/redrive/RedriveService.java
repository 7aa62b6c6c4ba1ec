package io.channelpilot.redrive;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.RecordFormat;
import io.channelpilot.model.RepairRule;
import io.channelpilot.redrive.RedriveOutcome.Done;
import io.channelpilot.redrive.RedriveOutcome.Refused;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Start, status and cancel of redrive tasks (DESIGN §7; the UX bar is SQS {@code StartMessageMoveTask}). Start reads
 * the channel's desired spec from the status store (topic, schema, DLQ), stores the task while taking the channel's
 * lock in one conditional write, then starts the redrive-dlq execution named after the task. Cancel is StopExecution
 * plus CANCELLED (workers also check the task state between chunks).
 */
public final class RedriveService {

    private static final Logger LOG = LoggerFactory.getLogger(RedriveService.class);
    private static final ObjectMapper SPEC_MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final StatusStore status;
    private final RedriveTaskStore tasks;
    private final ExecutionStarter executions;
    private final Clock clock;
    private final Supplier<String> ids;

    public RedriveService(StatusStore status, RedriveTaskStore tasks, ExecutionStarter executions, Clock clock,
                          Supplier<String> ids) {
        this(status, tasks, executions, clock, ids, RedriveTaskEvents.NONE);
    }

    /** @param events publishes the task's state changes (issue 15: Channel Pilot Redrive Task State Change) */
    public RedriveService(StatusStore status, RedriveTaskStore tasks, ExecutionStarter executions, Clock clock,
                          Supplier<String> ids, RedriveTaskEvents events) {
        this.events = events;
        this.status = status;
        this.tasks = tasks;
        this.executions = executions;
        this.clock = clock;
        this.ids = ids;
    }

    /** Environment variable: a seed for task ids (the local world's report mode); unset in AWS. */
    public static final String ID_SEED = "CHANNEL_PILOT_ID_SEED";

    /** Task ids as {@link #randomIds}, or from a seeded sequence when {@link #ID_SEED} is set (repeatable runs). */
    public static Supplier<String> ids(Map<String, String> env, Clock clock) {
        String seed = env.getOrDefault(ID_SEED, "");
        if (seed.isBlank()) {
            return randomIds(clock);
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(io.channelpilot.model.AsciiNumbers.requireLong(seed.trim()));
        return () -> {
            int suffix;
            synchronized (random) {
                suffix = random.nextInt();
            }
            return "redrive-" + clock.instant().getEpochSecond() + "-" + String.format("%08x", suffix);
        };
    }

    /** Task ids: sortable by time, unique, valid Step Functions execution names. */
    public static Supplier<String> randomIds(Clock clock) {
        return () -> "redrive-" + clock.instant().getEpochSecond() + "-"
                + java.util.UUID.randomUUID().toString().substring(0, 8);
    }

    private final RedriveTaskEvents events;

    public RedriveOutcome start(RedriveRequest request) {
        ChannelKey key = new ChannelKey(request.clusterArn(), request.channelName());
        Optional<ChannelStatus> channel = status.find(key);
        if (channel.isEmpty()) {
            return Refused.of(RedriveCode.CHANNEL_UNKNOWN, "no managed channel " + key.channelName() + " on "
                    + key.clusterArn());
        }
        if (channel.get().desiredJson().isEmpty()) {
            return Refused.of(RedriveCode.CHANNEL_SPEC_MISSING, "channel " + key.channelName()
                    + " has no recorded desired spec");
        }
        ChannelSpec spec;
        try {
            spec = SPEC_MAPPER.readValue(channel.get().desiredJson(), ChannelSpec.class);
        } catch (JsonProcessingException e) {
            return Refused.of(RedriveCode.CHANNEL_SPEC_MISSING, "the recorded spec of " + key.channelName()
                    + " does not parse");
        }
        if (spec.format() != RecordFormat.JSON) {
            return Refused.of(RedriveCode.FORMAT_UNSUPPORTED, "channel " + key.channelName() + " uses format "
                    + spec.format());
        }
        Optional<RepairRule> onPartition = request.repairs().stream().filter(r -> r.touches(spec.partitionColumn())).findFirst();
        if (onPartition.isPresent()) {
            return Refused.of(RedriveCode.INVALID_REQUEST, "--repair " + onPartition.get().canonical() + " changes the partition "
                    + "column " + spec.partitionColumn() + " of " + key.channelName() + "; a repair may not write, drop or rename it");
        }
        RedriveRequest effective = request.repairs().isEmpty() && !spec.operations().repair().isEmpty()
                ? new RedriveRequest(request.clusterArn(), request.channelName(), request.from(), request.to(),
                request.causes(), spec.operations().repair(), request.ratePerSecond(), request.maxConcurrency(),
                request.loopLimit(), request.mode(), request.requestedBy())
                : request;
        String taskId = ids.get();
        Instant now = clock.instant();
        RedriveTask task = new RedriveTask(taskId, effective, spec.topic(), bucketName(spec.infrastructure().dlqBucketArn()),
                spec.infrastructure().dlqPrefix(), spec.schema().toString(), spec.partitionColumn(), "",
                TaskState.PENDING, RedriveCounters.ZERO, "", "", now, null, null);
        Optional<String> holder = tasks.create(task);
        if (holder.isPresent()) {
            return new Refused(new RedriveRefused(RedriveCode.TASK_ALREADY_ACTIVE, "channel " + key.channelName()
                    + " already has active redrive task " + holder.get(), holder.get()));
        }
        events.publish(task); // PENDING, before the execution can move it on
        try {
            String arn = executions.start(taskId, RedriveJson.write(java.util.Map.of("taskId", taskId)));
            tasks.setExecution(taskId, arn);
            LOG.info("redrive task started task={} channel={} mode={}", taskId, key.channelName(), effective.mode());
            return new Done(task.withExecution(arn));
        } catch (RuntimeException e) {
            String reason = RedriveCode.EXECUTION_START_FAILED + ": " + e.getMessage();
            tasks.transition(taskId, EnumSet.of(TaskState.PENDING), TaskState.FAILED, reason, clock.instant());
            tasks.find(taskId).ifPresent(events::publish);
            return Refused.of(RedriveCode.EXECUTION_START_FAILED, "could not start the redrive-dlq execution for "
                    + taskId + ": " + e.getMessage());
        }
    }

    public RedriveOutcome status(String taskId) {
        return tasks.find(taskId).<RedriveOutcome>map(Done::new)
                .orElseGet(() -> Refused.of(RedriveCode.TASK_NOT_FOUND, "no redrive task " + taskId));
    }

    public RedriveOutcome statusOfChannel(ChannelKey channel) {
        return tasks.latest(channel).<RedriveOutcome>map(Done::new)
                .orElseGet(() -> Refused.of(RedriveCode.TASK_NOT_FOUND, "channel " + channel.channelName()
                        + " has no redrive task"));
    }

    public RedriveOutcome cancel(String taskId) {
        Optional<RedriveTask> task = tasks.find(taskId);
        if (task.isEmpty()) {
            return Refused.of(RedriveCode.TASK_NOT_FOUND, "no redrive task " + taskId);
        }
        if (!tasks.transition(taskId, EnumSet.of(TaskState.PENDING, TaskState.RUNNING), TaskState.CANCELLED,
                "CANCELLED: cancelled by operator", clock.instant())) {
            return Refused.of(RedriveCode.TASK_NOT_ACTIVE, "task " + taskId + " is " + task.get().state());
        }
        if (!task.get().executionArn().isEmpty()) {
            executions.stop(task.get().executionArn(), "redrive task cancelled");
        }
        LOG.info("redrive task cancelled task={}", taskId);
        RedriveTask cancelled = tasks.find(taskId).orElseThrow();
        events.publish(cancelled);
        return new Done(cancelled);
    }

    static String bucketName(String bucketArn) {
        int i = bucketArn.lastIndexOf(':');
        return i < 0 ? bucketArn : bucketArn.substring(i + 1);
    }
}
