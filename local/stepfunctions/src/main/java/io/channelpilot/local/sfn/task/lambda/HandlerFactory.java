package io.channelpilot.local.sfn.task.lambda;

import java.lang.reflect.Constructor;
import java.util.Map;

/**
 * Creates a handler instance for a function, once per function ("warm container"). The embedder decides how; the
 * default uses the handler class's constructor taking the env {@code Map<String,String>} when present (the test seam of
 * style anchor 2/3), else its no-arg constructor.
 */
@FunctionalInterface
public interface HandlerFactory {

    Object create(FunctionSpec spec) throws Exception;

    static HandlerFactory reflective(ClassLoader loader) {
        return spec -> {
            Class<?> type = Class.forName(spec.handlerClass(), true, loader);
            try {
                Constructor<?> withEnv = type.getConstructor(Map.class);
                return withEnv.newInstance(spec.environment());
            } catch (NoSuchMethodException e) {
                return type.getConstructor().newInstance();
            }
        };
    }
}
