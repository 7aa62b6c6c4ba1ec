package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;

/** The mutable state of one execution, guarded by its own monitor. */
final class ExecutionRecord {

    final String arn;
    final String name;
    final String stateMachineArn;
    final JsonNode input;
    final Instant startDate;
    final History history;
    final Cancellation cancellation = Cancellation.root();
    final CountDownLatch done = new CountDownLatch(1);
    private ExecutionStatus status = ExecutionStatus.RUNNING;
    private Instant stopDate;
    private JsonNode output;
    private String error;
    private String cause;

    ExecutionRecord(String arn, String name, String stateMachineArn, JsonNode input, Instant startDate, History history) {
        this.arn = arn;
        this.name = name;
        this.stateMachineArn = stateMachineArn;
        this.input = input;
        this.startDate = startDate;
        this.history = history;
    }

    /** Closes the execution once; later calls (e.g. the runner unwinding after StopExecution) change nothing. */
    synchronized boolean close(ExecutionStatus to, Instant at, JsonNode out, String err, String why) {
        if (status != ExecutionStatus.RUNNING) {
            return false;
        }
        status = to;
        stopDate = at;
        output = out;
        error = err;
        cause = why;
        return true;
    }

    synchronized ExecutionStatus status() {
        return status;
    }

    synchronized ExecutionDescription describe() {
        return new ExecutionDescription(arn, stateMachineArn, name, status, startDate, stopDate, input, output, error,
                cause, history.statesVisited(), history.transitions(), history.events());
    }
}
