package io.channelpilot.dlq;

/**
 * Port through which triage (respond-to-alarm, {@code redrive=auto}) starts a redrive task. Implemented by the redrive
 * side (DynamoDB task record with the one-active-task-per-channel lock + StartExecution of redrive-dlq). Refusals are
 * values; implementations throw only for infrastructure failures ({@link io.channelpilot.workflow.AwsThrottled} etc.).
 */
@FunctionalInterface
public interface RedriveStarter {

    RedriveStart startRedrive(RedriveRequest request);
}
