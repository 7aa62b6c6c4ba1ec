package io.channelpilot.redrive.batch;

import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;

/** The local world's way to create {@link RedriveBatchHandler} (listed in META-INF/services). */
public final class RedriveBatchEntry implements FunctionEntry {

    @Override
    public Class<?> handlerClass() {
        return RedriveBatchHandler.class;
    }

    @Override
    public Object create(FunctionEnvironment environment) {
        return new RedriveBatchHandler(BatchWiring.from(environment));
    }
}
