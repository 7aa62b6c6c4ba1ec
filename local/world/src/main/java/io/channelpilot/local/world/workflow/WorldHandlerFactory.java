package io.channelpilot.local.world.workflow;

import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.time.TimeSource;
import io.channelpilot.time.VirtualClock;
import java.lang.reflect.Constructor;
import java.util.Map;

/**
 * Creates the product's handlers for the local world: prefers the {@code (Map<String,String> env, TimeSource time)}
 * constructor so the handler runs on the world's virtual clock, then {@code (Map env)}, then the no-arg one.
 */
public final class WorldHandlerFactory implements HandlerFactory {

    private final ClassLoader loader;
    private final TimeSource time;

    public WorldHandlerFactory(ClassLoader loader, VirtualClock clock) {
        this.loader = loader;
        this.time = TimeSource.of(clock);
    }

    @Override
    public Object create(FunctionSpec spec) throws Exception {
        Class<?> type = Class.forName(spec.handlerClass(), true, loader);
        try {
            Constructor<?> withTime = type.getConstructor(Map.class, TimeSource.class);
            return withTime.newInstance(spec.environment(), time);
        } catch (NoSuchMethodException noTimeCtor) {
            return HandlerFactory.reflective(loader).create(spec);
        }
    }
}
