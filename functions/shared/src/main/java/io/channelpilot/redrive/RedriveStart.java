package io.channelpilot.redrive;

import java.util.Objects;
import java.util.Optional;

/** Outcome of {@link RedriveStarter#startRedrive}: a task id, or a refusal as a value with a stable code. */
public sealed interface RedriveStart permits RedriveStart.Started, RedriveStart.Refused {

    /** @param executionArn the redrive-dlq execution, when already started ("" otherwise) */
    record Started(String taskId, String executionArn) implements RedriveStart {
        public Started {
            Objects.requireNonNull(taskId, "taskId");
            executionArn = executionArn == null ? "" : executionArn;
        }
    }

    /**
     * @param code         stable code, e.g. {@code REDRIVE_TASK_ACTIVE} (one active task per channel), {@code
     *                     REDRIVE_INVALID_REQUEST}; the implementation owns the catalogue
     * @param activeTaskId the task that blocks this one, when that is the reason
     */
    record Refused(String code, String message, String remediation, Optional<String> activeTaskId) implements RedriveStart {
        public Refused {
            Objects.requireNonNull(code, "code");
            message = message == null ? "" : message;
            remediation = remediation == null ? "" : remediation;
            activeTaskId = activeTaskId == null ? Optional.empty() : activeTaskId;
        }
    }
}
