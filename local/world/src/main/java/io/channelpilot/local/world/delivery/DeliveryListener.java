package io.channelpilot.local.world.delivery;

import io.channelpilot.local.world.iceberg.TableId;
import java.time.Instant;

/**
 * Lifecycle signals the delivery simulation gives the MSK emulator: a channel's first successful delivery (MSK
 * creates the table then, reference §2; a table deleted afterwards SUSPENDS the channel) and a channel that cannot
 * deliver.
 */
public interface DeliveryListener {

    DeliveryListener NONE = new DeliveryListener() { };

    /** The channel committed its first rows; the table now exists. */
    default void firstDelivery(DeliveryChannel channel, TableId table, Instant at) {
    }

    /** The channel cannot deliver (see {@link DeliveryCode}); buffered records are kept. */
    default void deliveryBlocked(DeliveryChannel channel, DeliveryCode code, String message) {
    }
}
