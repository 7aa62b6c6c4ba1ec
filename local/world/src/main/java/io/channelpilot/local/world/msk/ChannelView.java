package io.channelpilot.local.world.msk;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A read-only snapshot of one channel at the current virtual time, for the delivery simulation and the world report.
 *
 * @param schemaDefinition plain {@code JSON}: the Glue schema definition resolved when the channel was created
 * @param delivered whether the delivery simulation reported a successful delivery (see
 *                  {@link MskEmulator#markDelivered})
 */
public record ChannelView(String arn, String clusterArn, String clusterName, ChannelSpec spec, ChannelStatus status,
                          Optional<StateInfo> stateInfo, Instant creationTime, int dataFreshnessInSeconds,
                          Map<String, String> tags, boolean delivered, Optional<String> schemaDefinition) {
}
