package io.channelpilot.plan;

import java.util.Map;
import java.util.Objects;

/**
 * A channel as read from MSK (ListChannels/DescribeChannel + its tags), reduced to what planning needs.
 *
 * @param channelArn        ARN
 * @param channelName       name
 * @param status            service status string (kept raw: the service may add values)
 * @param freshnessSeconds  dataFreshnessInSeconds (0 when unknown)
 * @param tags              the channel's tags (ownership, fingerprint, owner)
 */
public record ObservedChannel(String channelArn, String channelName, String status, int freshnessSeconds,
                              Map<String, String> tags) {

    public ObservedChannel {
        Objects.requireNonNull(channelArn, "channelArn");
        Objects.requireNonNull(channelName, "channelName");
        status = status == null ? "" : status;
        tags = Map.copyOf(tags == null ? Map.of() : tags);
    }
}
