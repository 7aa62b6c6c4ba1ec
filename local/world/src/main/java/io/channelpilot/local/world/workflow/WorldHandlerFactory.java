package io.channelpilot.local.world.workflow;

import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.TimeSource;
import io.channelpilot.time.VirtualClock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Creates the product's handlers for the local world through each function module's {@link FunctionEntry} (found with
 * {@link ServiceLoader} on the given class loader), with the function's environment and the world's virtual clock. A
 * handler class without an entry is refused with the fix, never created some other way.
 * Handlers that hold connections across invocations (as a warm Lambda does: redrive-batch keeps its Kafka clients)
 * are closed with the world, before its broker stops, so shutdown is not a burst of reconnect warnings.
 */
public final class WorldHandlerFactory implements HandlerFactory, AutoCloseable {

    private final Map<String, FunctionEntry> entries = new HashMap<>();
    private final TimeSource time;
    private final List<AutoCloseable> created = new ArrayList<>();

    public WorldHandlerFactory(ClassLoader loader, VirtualClock clock) {
        ServiceLoader.load(FunctionEntry.class, loader).forEach(entry -> entries.put(entry.handlerClass().getName(), entry));
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

    private Object instantiate(FunctionSpec spec) {
        FunctionEntry entry = entries.get(spec.handlerClass());
        if (entry == null) {
            throw new IllegalStateException("function " + spec.name() + ": no FunctionEntry creates " + spec.handlerClass()
                    + "; add one to its module and list it in META-INF/services/" + FunctionEntry.class.getName());
        }
        return entry.create(new FunctionEnvironment(spec.environment(), time));
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
