package io.channelpilot.local.world.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
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
