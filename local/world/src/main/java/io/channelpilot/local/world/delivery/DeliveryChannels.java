package io.channelpilot.local.world.delivery;

import java.util.List;

/** The channels the delivery simulation serves, read at every tick (the MSK emulator implements it). */
@FunctionalInterface
public interface DeliveryChannels {

    /** Every channel the world knows, in a stable order; non-delivering ones are ignored (and their state dropped). */
    List<DeliveryChannel> channels();
}
