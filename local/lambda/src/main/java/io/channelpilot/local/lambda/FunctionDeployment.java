package io.channelpilot.local.lambda;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * One function as the runtime mode deploys it: logical id (its local name), {@code Handler}, the deployment zip
 * ({@code <CodeUri>/target/<name>.zip}, what {@code sam build} would upload), {@code MemorySize}, {@code Timeout}, the
 * init type, and its environment as configured (template variables after SAM's override rule; the reserved variables
 * Lambda adds are not in here, the instance adds them).
 */
public record FunctionDeployment(String name, String handler, Path zip, int memoryMb, int timeoutSeconds, InitType initType,
                                 Map<String, String> environment) {

    public FunctionDeployment {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(handler, "handler");
        Objects.requireNonNull(zip, "zip");
        Objects.requireNonNull(initType, "initType");
        environment = Map.copyOf(environment);
        if (memoryMb < 128 || memoryMb > 10_240) {
            throw new IllegalArgumentException(name + ": MemorySize must be 128-10240 MB, was " + memoryMb);
        }
        if (timeoutSeconds < 1 || timeoutSeconds > 900) {
            throw new IllegalArgumentException(name + ": Timeout must be 1-900 s, was " + timeoutSeconds);
        }
    }

    public FunctionDeployment withInitType(InitType type) {
        return new FunctionDeployment(name, handler, zip, memoryMb, timeoutSeconds, type, environment);
    }
}
