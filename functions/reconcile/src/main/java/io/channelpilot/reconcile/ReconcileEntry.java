package io.channelpilot.reconcile;

import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;

/** The local world's way to create {@link ReconcileHandler} (listed in META-INF/services). */
public final class ReconcileEntry implements FunctionEntry {

    @Override
    public Class<?> handlerClass() {
        return ReconcileHandler.class;
    }

    @Override
    public Object create(FunctionEnvironment environment) {
        return new ReconcileHandler(ReconcileWiring.from(environment));
    }
}
