package io.channelpilot.redrive;

/** Stable codes of every refusal or failure the redrive service reports, each with its remediation. */
public enum RedriveCode {
    TASK_ALREADY_ACTIVE("Wait for the active task to finish (`channel-pilot redrive status --channel C`) or cancel it"
            + " (`channel-pilot redrive cancel --task T`), then start again."),
    CHANNEL_UNKNOWN("Check --cluster and --channel against `channel-pilot status`; only channels Channel Pilot manages"
            + " can be redriven."),
    CHANNEL_SPEC_MISSING("Re-run provisioning for the channel (tag change or sweep) so its desired spec is recorded."),
    FORMAT_UNSUPPORTED("Redrive pre-validates plain JSON records only; for JSON_SCHEMA_GSR channels fix the producer and"
            + " replay from the source instead."),
    SCHEMA_UNAVAILABLE("Check that the channel's Glue schema exists and is readable by the redrive-control role."),
    TASK_NOT_FOUND("Check the task id (`channel-pilot redrive status --channel C` shows the latest task)."),
    TASK_NOT_ACTIVE("The task already finished; nothing to cancel."),
    INVALID_REQUEST("Fix the argument named in the message."),
    EXECUTION_START_FAILED("Check that the redrive-dlq state machine exists and the caller may start it; the task"
            + " was marked FAILED and the channel lock released."),
    WORKER_FAILED("Read the failure reason; fix it (permissions, connectivity) and start a new task: records already"
            + " re-produced are skipped by the ledger only within one task, so narrow --from/--to to the rest.");

    private final String remediation;

    RedriveCode(String remediation) {
        this.remediation = remediation;
    }

    public String remediation() {
        return remediation;
    }
}
