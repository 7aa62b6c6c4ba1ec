package io.channelpilot.local.sfn.task.lambda;

import java.util.Map;

/**
 * A Lambda function as the template declares it: logical id (its local name), {@code Handler} ("pkg.Class::method"),
 * and environment variables.
 */
public record FunctionSpec(String name, String handler, Map<String, String> environment) {

    public FunctionSpec {
        environment = Map.copyOf(environment);
    }

    /** The class part of "pkg.Class::handleRequest". */
    public String handlerClass() {
        int sep = handler.indexOf("::");
        return sep < 0 ? handler : handler.substring(0, sep);
    }
}
