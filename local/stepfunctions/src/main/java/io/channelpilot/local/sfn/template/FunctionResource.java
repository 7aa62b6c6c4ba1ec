package io.channelpilot.local.sfn.template;

import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
import java.util.Map;

/**
 * An {@code AWS::Serverless::Function} after Globals: logical id, Handler, CodeUri, Runtime, resolved env (its keys are
 * the variables the function declares), MemorySize (MB, default 128), Timeout (s, default 3) and whether SnapStart
 * applies to its published versions.
 */
public record FunctionResource(String logicalId, String handler, String codeUri, String runtime,
        Map<String, String> environment, int memorySize, int timeout, boolean snapStart) {

    public FunctionResource {
        environment = Map.copyOf(environment);
    }

    public FunctionResource(String logicalId, String handler, String codeUri, String runtime, Map<String, String> environment) {
        this(logicalId, handler, codeUri, runtime, environment, 128, 3, false);
    }

    /** The binding the runner uses: the function is named by its logical id. */
    public FunctionSpec toSpec() {
        return new FunctionSpec(logicalId, handler, environment);
    }
}
