package io.channelpilot.local.world.workflow;

import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.time.TimeSource;
import io.channelpilot.time.VirtualClock;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Creates the product's handlers for the local world: prefers the {@code (Map<String,String> env, TimeSource time)}
 * constructor so the handler runs on the world's virtual clock, then {@code (Map env)}, then the no-arg one.
 * Handlers that hold connections across invocations (as a warm Lambda does: redrive-batch keeps its Kafka clients)
 * are closed with the world, before its broker stops, so shutdown is not a burst of reconnect warnings.
 */
public final class WorldHandlerFactory implements HandlerFactory, AutoCloseable {

    private final ClassLoader loader;
    private final TimeSource time;
    private final List<AutoCloseable> created = new ArrayList<>();

    public WorldHandlerFactory(ClassLoader loader, VirtualClock clock) {
        this.loader = loader;
        this.time = TimeSource.of(clock);
    }

    @Override
    public Object create(FunctionSpec spec) throws Exception {
        Object handler = instantiate(spec);
        if (handler instanceof AutoCloseable closeable) {
            synchronized (created) {
                created.add(closeable);
            }
        }
        return handler;
    }

    private Object instantiate(FunctionSpec spec) throws Exception {
        Class<?> type = Class.forName(spec.handlerClass(), true, loader);
        try {
            Constructor<?> withTime = type.getConstructor(Map.class, TimeSource.class);
            return withTime.newInstance(spec.environment(), time);
        } catch (NoSuchMethodException noTimeCtor) {
            return HandlerFactory.reflective(loader).create(spec);
        }
    }

    @Override
    public void close() {
        synchronized (created) {
            for (AutoCloseable handler : created) {
                try {
                    handler.close();
                } catch (Exception e) {
                    // best effort, as the world's own shutdown: one handler failing must not keep the others open
                }
            }
            created.clear();
        }
    }
}
