package io.channelpilot.redrive.control;

import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;

/** The local world's way to create {@link RedriveControlHandler} (listed in META-INF/services). */
public final class RedriveControlEntry implements FunctionEntry {

    @Override
    public Class<?> handlerClass() {
        return RedriveControlHandler.class;
    }

    @Override
    public Object create(FunctionEnvironment environment) {
        return new RedriveControlHandler(ControlWiring.from(environment));
    }
}
