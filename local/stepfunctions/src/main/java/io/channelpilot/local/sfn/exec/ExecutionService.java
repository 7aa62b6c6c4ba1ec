package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * StartExecution / DescribeExecution / ListExecutions / StopExecution over the interpreter. The local world exposes
 * it through its Step Functions API; tests use a synchronous executor so an execution has finished when start returns.
 * <p>"StartExecution is idempotent for STANDARD workflows. For a STANDARD workflow, if you call StartExecution with the
 * same name and input as a running execution, the call succeeds and return the same response as the original request.
 * If the execution is closed or if the input is different, it returns a 400 ExecutionAlreadyExists error" (Step
 * Functions API reference, StartExecution). Inputs are compared as JSON values.
 */
public final class ExecutionService {

    private static final Logger LOG = LoggerFactory.getLogger(ExecutionService.class);

    /** "name ... 1-80 characters ... must not contain whitespace, brackets, wildcard characters, special characters". */
    private static final Pattern NAME = Pattern.compile("[^\\s<>{}\\[\\]?*\"#%\\\\^|~`$&,;:/\\p{Cntrl}]{1,80}");

    private record Machine(String arn, String name, StateMachineDef definition, String roleArn) {
    }

    /** StartExecution's answer. */
    public record Started(String executionArn, Instant startDate) {
    }

    private final SfnRuntime runtime;
    private final String region;
    private final String accountId;
    private final Executor executor;
    private final Map<String, Machine> machines = new ConcurrentHashMap<>();
    private final Map<String, ExecutionRecord> executions = new ConcurrentHashMap<>();

    public ExecutionService(SfnRuntime runtime, String region, String accountId, Executor executor) {
        this.runtime = runtime;
        this.region = region;
        this.accountId = accountId;
        this.executor = executor;
    }

    /** Executions run on the calling thread: start returns when the execution has closed. */
    public static ExecutionService synchronous(SfnRuntime runtime) {
        return new ExecutionService(runtime, "us-east-1", "123456789012", Runnable::run);
    }

    public SfnRuntime runtime() {
        return runtime;
    }

    public String registerStateMachine(String name, StateMachineDef definition, String roleArn) {
        String arn = "arn:aws:states:" + region + ":" + accountId + ":stateMachine:" + name;
        machines.put(arn, new Machine(arn, name, definition, roleArn));
        return arn;
    }

    public Started start(String stateMachineArn, String name, JsonNode input) {
        Machine machine = machines.get(stateMachineArn);
        if (machine == null) {
            throw new SfnServiceException("StateMachineDoesNotExist", "State Machine Does Not Exist: '" + stateMachineArn + "'");
        }
        String executionName = name == null ? UUID.randomUUID().toString() : name;
        if (!NAME.matcher(executionName).matches()) {
            throw new SfnServiceException("InvalidName", "Invalid Name: '" + executionName + "'");
        }
        JsonNode executionInput = input == null ? Json.object() : input;
        Payloads.checkSizeForApi(executionInput);
        String arn = "arn:aws:states:" + region + ":" + accountId + ":execution:" + machine.name() + ":" + executionName;
        ExecutionRecord record;
        // only the name check-and-insert is atomic; the execution itself runs outside the lock, so a running execution
        // can start others (states:startExecution from a Parallel branch) without deadlocking a synchronous executor
        synchronized (executions) {
            ExecutionRecord existing = executions.get(arn);
            if (existing != null) {
                if (existing.status() == ExecutionStatus.RUNNING && existing.input.equals(executionInput)) {
                    return new Started(arn, existing.startDate);
                }
                throw new SfnServiceException("ExecutionAlreadyExists", "Execution Already Exists: '" + arn + "'");
            }
            record = new ExecutionRecord(arn, executionName, stateMachineArn, executionInput, runtime.clock().instant(),
                    new History(runtime.clock()));
            executions.put(arn, record);
        }
        record.history.record("ExecutionStarted", null, executionInput);
        executor.execute(() -> run(machine, record));
        return new Started(arn, record.startDate);
    }

    private void run(Machine machine, ExecutionRecord record) {
        int timeout = machine.definition().timeoutSeconds();
        ExecutionContext ctx = new ExecutionContext(runtime, record.arn, record.name, machine.arn(), machine.name(),
                machine.roleArn(), record.startDate, record.input, record.history, record.cancellation,
                timeout > 0 ? record.startDate.plusSeconds(timeout) : null);
        try {
            JsonNode output = Interpreter.run(machine.definition().program(), record.input, ctx);
            close(record, ExecutionStatus.SUCCEEDED, output, null, null, "ExecutionSucceeded");
        } catch (StatesFailure failure) {
            close(record, ExecutionStatus.FAILED, null, emptyToNull(failure.error().name()), failure.error().cause(),
                    "ExecutionFailed");
        } catch (Cancellation.Cancelled cancelled) {
            if (cancelled.reason() == Cancellation.Reason.TIMED_OUT) {
                close(record, ExecutionStatus.TIMED_OUT, null, "States.Timeout",
                        "The execution ran longer than TimeoutSeconds (" + timeout + ")", "ExecutionTimedOut");
            } else {
                close(record, ExecutionStatus.ABORTED, null, null, null, "ExecutionAborted");
            }
        } catch (RuntimeException unexpected) {
            close(record, ExecutionStatus.FAILED, null, "States.Runtime", unexpected.toString(), "ExecutionFailed");
        } finally {
            record.done.countDown();
        }
    }

    private void close(ExecutionRecord record, ExecutionStatus status, JsonNode output, String error, String cause,
            String event) {
        if (record.close(status, runtime.clock().instant(), output, error, cause)) {
            record.history.record(event, null, Json.object().put("error", error).put("cause", cause));
            // one line per closed execution: name (the correlation id), status, error code; never payloads
            LOG.info("execution={} status={} error={} transitions={}", record.arn, status, error,
                    record.history.transitions());
        }
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    public ExecutionDescription describe(String executionArn) {
        return record(executionArn).describe();
    }

    /** Executions of a state machine, newest first like ListExecutions; {@code status} null means all. */
    public List<ExecutionDescription> list(String stateMachineArn, ExecutionStatus status) {
        if (!machines.containsKey(stateMachineArn)) {
            throw new SfnServiceException("StateMachineDoesNotExist", "State Machine Does Not Exist: '" + stateMachineArn + "'");
        }
        List<ExecutionDescription> out = new ArrayList<>();
        executions.values().stream().filter(r -> r.stateMachineArn.equals(stateMachineArn)).map(ExecutionRecord::describe)
                .filter(d -> status == null || d.status() == status)
                .sorted((a, b) -> b.startDate().compareTo(a.startDate())).forEach(out::add);
        return out;
    }

    /** StopExecution: the execution is ABORTED at once; the interpreter stops before its next state or retry. */
    public ExecutionDescription stop(String executionArn, String error, String cause) {
        ExecutionRecord record = record(executionArn);
        if (record.close(ExecutionStatus.ABORTED, runtime.clock().instant(), null, error, cause)) {
            record.history.record("ExecutionAborted", null, Json.object().put("error", error).put("cause", cause));
        }
        record.cancellation.cancel(Cancellation.Reason.ABORTED);
        return record.describe();
    }

    /** Blocks until the execution has closed (for .sync integrations and asynchronous executors). */
    public ExecutionDescription await(String executionArn) {
        ExecutionRecord record = record(executionArn);
        try {
            record.done.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return record.describe();
    }

    private ExecutionRecord record(String executionArn) {
        ExecutionRecord record = executions.get(executionArn);
        if (record == null) {
            throw new SfnServiceException("ExecutionDoesNotExist", "Execution Does Not Exist: '" + executionArn + "'");
        }
        return record;
    }
}
