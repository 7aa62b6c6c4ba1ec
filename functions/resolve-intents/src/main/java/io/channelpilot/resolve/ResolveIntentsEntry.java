package io.channelpilot.resolve;

import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;

/** The local world's way to create {@link ResolveIntentsHandler} (listed in META-INF/services). */
public final class ResolveIntentsEntry implements FunctionEntry {

    @Override
    public Class<?> handlerClass() {
        return ResolveIntentsHandler.class;
    }

    @Override
    public Object create(FunctionEnvironment environment) {
        return new ResolveIntentsHandler(ResolveWiring.from(environment));
    }
}
