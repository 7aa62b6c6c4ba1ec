package io.channelpilot.store;

import java.util.Objects;

/** Identity of a managed channel in the status store: its cluster ARN and its (deterministic) channel name. */
public record ChannelKey(String clusterArn, String channelName) {

    public ChannelKey {
        Objects.requireNonNull(clusterArn, "clusterArn");
        Objects.requireNonNull(channelName, "channelName");
        if (clusterArn.isBlank() || channelName.isBlank()) {
            throw new IllegalArgumentException("clusterArn and channelName must not be blank");
        }
    }

    @Override
    public String toString() {
        return clusterArn + "/" + channelName;
    }
}
