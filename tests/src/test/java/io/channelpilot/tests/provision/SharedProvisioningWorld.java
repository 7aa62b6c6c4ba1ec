package io.channelpilot.tests.provision;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives every provisioning test class the same {@link ProvisioningWorld}: starting a world costs a KRaft broker per
 * Express cluster (seconds each on this machine), so the classes share one, started on first use and closed when the
 * whole test run ends (JUnit's root store). Classes stay independent because each uses its own clusters and topics
 * and reads only what happened after its own mark.
 */
final class SharedProvisioningWorld implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedProvisioningWorld.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == ProvisioningWorld.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent("world", k -> new Holder(ProvisioningWorld.start()), Holder.class).world();
    }

    /** Closed by JUnit (AutoCloseable store values, JUnit 5.13+) when the root context closes, after the last class. */
    record Holder(ProvisioningWorld world) implements AutoCloseable {
        @Override
        public void close() {
            world.close();
        }
    }
}
