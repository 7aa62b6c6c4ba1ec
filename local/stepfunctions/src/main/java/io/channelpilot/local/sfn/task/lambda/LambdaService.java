package io.channelpilot.local.sfn.task.lambda;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The local Lambda service as its callers see it (the Step Functions runner's Task states, EventBridge targets, the CLI
 * and tests): invoke a function by name or ARN, get its response payload; a function error, a timeout or an init
 * failure is a {@code StatesFailure} carrying the error name and cause Step Functions would show. Two implementations:
 * {@link LambdaFunctions} runs the handler classes in-process (fast, the default), and {@code local/lambda}'s
 * {@code RuntimeLambdaService} runs each function's deployment zip under the real Lambda Java runtime interface client
 * in its own JVM (docs/local-world.md "Runtime mode").
 */
public interface LambdaService {

    JsonNode invoke(String nameOrArn, JsonNode payload);
}
