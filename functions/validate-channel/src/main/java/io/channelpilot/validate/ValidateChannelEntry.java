package io.channelpilot.validate;

import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;
import java.util.Optional;

/** The local world's way to create {@link ValidateChannelHandler} (listed in META-INF/services). */
public final class ValidateChannelEntry implements FunctionEntry {

    @Override
    public Class<?> handlerClass() {
        return ValidateChannelHandler.class;
    }

    @Override
    public Object create(FunctionEnvironment environment) {
        return new ValidateChannelHandler(ValidateWiring.from(environment, Optional.empty()));
    }
}
