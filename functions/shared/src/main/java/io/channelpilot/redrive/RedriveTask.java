package io.channelpilot.redrive;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One redrive task as stored in the status table.
 *
 * @param taskId           unique id; also the Step Functions execution name
 * @param request          what was asked
 * @param topic            the channel's source topic (records are re-produced there)
 * @param dlqBucket        the channel's DLQ bucket
 * @param dlqPrefix        the channel's DLQ prefix (the Distributed Map lists it)
 * @param schemaRef        {@code registry/schema} of the channel's schema
 * @param partitionColumn  the channel's partition column (pre-validation needs it)
 * @param schemaDefinition the schema text pre-validation uses; filled by the state machine's Prepare step
 * @param state            where the task is
 * @param counters         summed progress
 * @param failureReason    code + message when FAILED or CANCELLED ("" otherwise)
 * @param executionArn     the redrive-dlq execution ("" until started)
 */
public record RedriveTask(String taskId, RedriveRequest request, String topic, String dlqBucket, String dlqPrefix,
                          String schemaRef, String partitionColumn, String schemaDefinition, TaskState state,
                          RedriveCounters counters, String failureReason, String executionArn, Instant createdAt,
                          Instant startedAt, Instant finishedAt) {

    public RedriveTask {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(createdAt, "createdAt");
        dlqBucket = dlqBucket == null ? "" : dlqBucket;
        dlqPrefix = dlqPrefix == null ? "" : dlqPrefix;
        schemaRef = schemaRef == null ? "" : schemaRef;
        partitionColumn = partitionColumn == null ? "" : partitionColumn;
        schemaDefinition = schemaDefinition == null ? "" : schemaDefinition;
        counters = counters == null ? RedriveCounters.ZERO : counters;
        failureReason = failureReason == null ? "" : failureReason;
        executionArn = executionArn == null ? "" : executionArn;
    }

    @JsonIgnore
    public Optional<Instant> started() {
        return Optional.ofNullable(startedAt);
    }

    @JsonIgnore
    public Optional<Instant> finished() {
        return Optional.ofNullable(finishedAt);
    }

    public RedriveTask withState(TaskState next, String reason, Instant at) {
        Instant start = next == TaskState.RUNNING && startedAt == null ? at : startedAt;
        Instant end = next.isActive() ? finishedAt : at;
        return new RedriveTask(taskId, request, topic, dlqBucket, dlqPrefix, schemaRef, partitionColumn,
                schemaDefinition, next, counters, reason == null ? failureReason : reason, executionArn, createdAt,
                start, end);
    }

    public RedriveTask withSchema(String definition) {
        return new RedriveTask(taskId, request, topic, dlqBucket, dlqPrefix, schemaRef, partitionColumn, definition,
                state, counters, failureReason, executionArn, createdAt, startedAt, finishedAt);
    }

    public RedriveTask withExecution(String arn) {
        return new RedriveTask(taskId, request, topic, dlqBucket, dlqPrefix, schemaRef, partitionColumn,
                schemaDefinition, state, counters, failureReason, arn, createdAt, startedAt, finishedAt);
    }

    public RedriveTask withCounters(RedriveCounters c) {
        return new RedriveTask(taskId, request, topic, dlqBucket, dlqPrefix, schemaRef, partitionColumn,
                schemaDefinition, state, c, failureReason, executionArn, createdAt, startedAt, finishedAt);
    }
}
