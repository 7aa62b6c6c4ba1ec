package io.channelpilot.local.sfn.mock;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.exec.TaskInvoker;
import io.channelpilot.local.sfn.exec.TaskRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Answers Task states from a test case of a {@link MockConfig}, counting invocations per state name (retries and Map
 * iterations included, as Step Functions Local does). A Return value is the task result; a Throw fails the task with
 * its Error and Cause. Unmocked states go to {@code delegate}, or — with {@code echoUnmocked} — return their effective
 * input (after InputPath and Parameters), a local testing aid. An invocation beyond the last mocked index fails with
 * States.Runtime naming the state and index.
 */
public final class MockingTaskInvoker implements TaskInvoker {

    private final MockConfig config;
    private final Map<String, String> testCase;
    private final TaskInvoker delegate;
    private final boolean echoUnmocked;
    private final Map<String, AtomicInteger> invocations = new ConcurrentHashMap<>();

    public MockingTaskInvoker(MockConfig config, Map<String, String> testCase, TaskInvoker delegate, boolean echoUnmocked) {
        this.config = config;
        this.testCase = Map.copyOf(testCase);
        this.delegate = delegate;
        this.echoUnmocked = echoUnmocked;
    }

    /** No mock config: only echo (or delegate). */
    public static MockingTaskInvoker echoing(TaskInvoker delegate, boolean echoUnmocked) {
        return new MockingTaskInvoker(null, Map.of(), delegate, echoUnmocked);
    }

    @Override
    public JsonNode invoke(TaskRequest request) {
        String responseName = testCase.get(request.stateName());
        if (responseName == null) {
            return echoUnmocked ? request.input() : delegate.invoke(request);
        }
        int index = invocations.computeIfAbsent(request.stateName(), k -> new AtomicInteger()).getAndIncrement();
        MockConfig.Response response = config.response(responseName, index).orElseThrow(() -> StatesFailure.runtime(
                "Mocked response '" + responseName + "' for state '" + request.stateName() + "' defines no invocation "
                        + index + " (0-based)"));
        if (response.isThrow()) {
            throw StatesFailure.of(response.error(), response.cause());
        }
        return response.returned();
    }
}
