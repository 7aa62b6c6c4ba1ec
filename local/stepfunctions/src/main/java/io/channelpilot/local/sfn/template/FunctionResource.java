package io.channelpilot.local.sfn.template;

import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
import java.util.Map;

/** An {@code AWS::Serverless::Function} after Globals: logical id, Handler, CodeUri, Runtime and resolved env. */
public record FunctionResource(String logicalId, String handler, String codeUri, String runtime,
        Map<String, String> environment) {

    public FunctionResource {
        environment = Map.copyOf(environment);
    }

    /** The binding the runner uses: the function is named by its logical id. */
    public FunctionSpec toSpec() {
        return new FunctionSpec(logicalId, handler, environment);
    }
}
