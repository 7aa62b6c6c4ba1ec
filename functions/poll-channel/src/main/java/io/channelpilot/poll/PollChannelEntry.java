package io.channelpilot.poll;

import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;

/** The local world's way to create {@link PollChannelHandler} (listed in META-INF/services). */
public final class PollChannelEntry implements FunctionEntry {

    @Override
    public Class<?> handlerClass() {
        return PollChannelHandler.class;
    }

    @Override
    public Object create(FunctionEnvironment environment) {
        return new PollChannelHandler(PollWiring.from(environment));
    }
}
