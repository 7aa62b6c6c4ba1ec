package io.channelpilot.notify;

import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;

/** The local world's way to create {@link NotifyHandler} (listed in META-INF/services). */
public final class NotifyEntry implements FunctionEntry {

    @Override
    public Class<?> handlerClass() {
        return NotifyHandler.class;
    }

    @Override
    public Object create(FunctionEnvironment environment) {
        return new NotifyHandler(NotifyWiring.from(environment));
    }
}
