package io.channelpilot.local.world.delivery;

import java.time.Duration;

/**
 * Knobs of the delivery simulation.
 *
 * @param includePayloads write record values (base64) into DLQ objects; off by default as the DG describes, on to
 *                        exercise the tolerant DLQ parser against the [SKILL] variant that says payloads are included
 * @param pollTimeout     one consumer poll's wall-clock wait (a tick polls until it reached the end offsets it saw
 *                        when it started, so this bounds latency, not correctness)
 * @param maxPollsPerTick safety bound on polls in one tick
 * @param dlqLayouts      how DLQ objects are written ({@link DlqLayout#defaults()} unless a world opts in)
 */
public record DeliveryOptions(boolean includePayloads, Duration pollTimeout, int maxPollsPerTick,
                              DlqLayouts dlqLayouts) {

    public DeliveryOptions {
        dlqLayouts = dlqLayouts == null ? DlqLayouts.of(DlqLayout.defaults()) : dlqLayouts;
    }

    public static DeliveryOptions defaults() {
        return new DeliveryOptions(false, Duration.ofMillis(200), 500, null);
    }

    public DeliveryOptions withPayloads() {
        return new DeliveryOptions(true, pollTimeout, maxPollsPerTick, dlqLayouts);
    }

    public DeliveryOptions withDlqLayouts(DlqLayouts layouts) {
        return new DeliveryOptions(includePayloads, pollTimeout, maxPollsPerTick, layouts);
    }
}
