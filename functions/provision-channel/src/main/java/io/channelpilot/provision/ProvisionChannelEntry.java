package io.channelpilot.provision;

import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;

/** The local world's way to create {@link ProvisionChannelHandler} (listed in META-INF/services). */
public final class ProvisionChannelEntry implements FunctionEntry {

    @Override
    public Class<?> handlerClass() {
        return ProvisionChannelHandler.class;
    }

    @Override
    public Object create(FunctionEnvironment environment) {
        return new ProvisionChannelHandler(ProvisionWiring.from(environment));
    }
}
