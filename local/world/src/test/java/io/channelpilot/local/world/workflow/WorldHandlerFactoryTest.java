package io.channelpilot.local.world.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
import io.channelpilot.runtime.FunctionEntry;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.TimeSource;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WorldHandlerFactoryTest {

    static final AtomicInteger CLOSED = new AtomicInteger();

    /** Stands for redrive-batch: a handler holding connections across invocations. */
    public static final class ConnectionHoldingHandler implements AutoCloseable {
        public final Map<String, String> env;

        public ConnectionHoldingHandler(Map<String, String> env, TimeSource time) {
            this.env = env;
        }

        @Override
        public void close() {
            CLOSED.incrementAndGet();
        }
    }

    public static final class PlainHandler {
        public PlainHandler(Map<String, String> env) {
        }
    }

    /** Listed in src/test/resources/META-INF/services, as a function module lists its own. */
    public static final class ConnectionHoldingEntry implements FunctionEntry {
        @Override
        public Class<?> handlerClass() {
            return ConnectionHoldingHandler.class;
        }

        @Override
        public Object create(FunctionEnvironment environment) {
            return new ConnectionHoldingHandler(environment.variables(), environment.time());
        }
    }

    public static final class PlainEntry implements FunctionEntry {
        @Override
        public Class<?> handlerClass() {
            return PlainHandler.class;
        }

        @Override
        public Object create(FunctionEnvironment environment) {
            return new PlainHandler(environment.variables());
        }
    }

    /** Has the constructors reflection used to look for, but no entry. */
    public static final class UnlistedHandler {
        public UnlistedHandler(Map<String, String> env, TimeSource time) {
        }
    }

    @Test
    void shouldRefuseAHandlerClassNoFunctionEntryCreatesNamingTheFix() {
        WorldHandlerFactory factory = new WorldHandlerFactory(getClass().getClassLoader(),
                VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z")));

        assertThatThrownBy(() -> factory.create(new FunctionSpec("unlisted", UnlistedHandler.class.getName() + "::handleRequest",
                Map.of()))).hasMessageContaining("no FunctionEntry creates " + UnlistedHandler.class.getName())
                .hasMessageContaining("META-INF/services/io.channelpilot.runtime.FunctionEntry");
    }

    @Test
    void shouldCloseTheHandlersItCreatedWhenClosedAndOnlyOnce() throws Exception {
        // given
        CLOSED.set(0);
        WorldHandlerFactory factory = new WorldHandlerFactory(getClass().getClassLoader(),
                VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z")));
        Object holding = factory.create(new FunctionSpec("batch", ConnectionHoldingHandler.class.getName() + "::handleRequest",
                Map.of("K", "V")));
        Object plain = factory.create(new FunctionSpec("plain", PlainHandler.class.getName() + "::handleRequest", Map.of()));

        // when
        factory.close();
        factory.close();

        // then
        assertThat(holding).isInstanceOf(ConnectionHoldingHandler.class);
        assertThat(((ConnectionHoldingHandler) holding).env).containsEntry("K", "V");
        assertThat(plain).isInstanceOf(PlainHandler.class);
        assertThat(CLOSED).hasValue(1);
    }
}
