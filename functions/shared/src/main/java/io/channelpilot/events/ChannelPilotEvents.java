package io.channelpilot.events;

import java.util.Map;

/**
 * The events Channel Pilot publishes on the account's default event bus (issue 15; docs/reference.md#events, schemas in
 * docs/schemas/): MSK publishes no channel state-change events, Channel Pilot knows every transition.
 */
public final class ChannelPilotEvents {

    /** {@code source} of every Channel Pilot event ({@code aws.*} sources are reserved for AWS). */
    public static final String SOURCE = "channel-pilot";
    public static final String CHANNEL_STATE_CHANGE = "Channel Pilot Channel State Change";
    public static final String REDRIVE_TASK_STATE_CHANGE = "Channel Pilot Redrive Task State Change";
    /** Version of the {@code detail} documents (docs/schemas/*.schema.json). */
    public static final String DETAIL_VERSION = "1";
    /** {@code CHANNEL_PILOT_EVENT_BUS}: the bus name; default the account's default bus (UNCONFIRMED need: a custom bus). */
    public static final String BUS_VARIABLE = "CHANNEL_PILOT_EVENT_BUS";
    public static final String DEFAULT_BUS = "default";
    /** How long a claim that an event was published is kept (duplicates of one transition collapse within it). */
    public static final java.time.Duration CLAIM_TTL = java.time.Duration.ofDays(7);

    private ChannelPilotEvents() {
    }

    public static String bus(Map<String, String> env) {
        String bus = env.getOrDefault(BUS_VARIABLE, "");
        return bus.isBlank() ? DEFAULT_BUS : bus.strip();
    }
}
