package io.channelpilot.reconcile.gateway;

/** Starts provisioning executions by name (Step Functions StartExecution on the provisioning state machine). */
public interface Executions {

    StartResult start(String name, String inputJson);

    /** What happened to one start. */
    enum StartResult {
        /** A new execution (or, per the Step Functions API, the same name and input still RUNNING: idempotent). */
        STARTED,
        /** {@code ExecutionAlreadyExists}: this sweep (id) already started it; counted, not an error. */
        ALREADY_STARTED,
        /** Throttled or 5xx after the SDK's retries: the next sweep tries again. */
        THROTTLED,
        /** Anything else (denied, invalid): reported so a human looks. */
        FAILED
    }
}
