package io.channelpilot.alarm;

import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;

/** The local world's way to create {@link RespondToAlarmHandler} (listed in META-INF/services). */
public final class RespondToAlarmEntry implements FunctionEntry {

    @Override
    public Class<?> handlerClass() {
        return RespondToAlarmHandler.class;
    }

    @Override
    public Object create(FunctionEnvironment environment) {
        return new RespondToAlarmHandler(AlarmWiring.from(environment));
    }
}
