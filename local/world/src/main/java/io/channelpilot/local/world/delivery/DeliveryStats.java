package io.channelpilot.local.world.delivery;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Running totals per channel for the world report: what was committed, what was dead-lettered and where. Kept
 * after a channel stops delivering. Thread-safe.
 */
public final class DeliveryStats {

    /** Totals of one channel; {@code dlqObjects} as {@code bucket/key}, in write order. */
    public record ChannelStats(String channelArn, String channelName, long rowsDelivered, long recordsDeadLettered,
                               long commits, List<String> dlqObjects) {
        public ChannelStats {
            dlqObjects = List.copyOf(dlqObjects);
        }
    }

    private final Map<String, ChannelStats> byArn = new TreeMap<>();

    synchronized void recordCommit(DeliveryChannel ch, long rows, long deadLettered, boolean committed,
                                   String dlqObject) {
        ChannelStats old = byArn.getOrDefault(ch.channelArn(),
                new ChannelStats(ch.channelArn(), ch.channelName(), 0, 0, 0, List.of()));
        List<String> objects = new ArrayList<>(old.dlqObjects());
        if (dlqObject != null) {
            objects.add(dlqObject);
        }
        byArn.put(ch.channelArn(), new ChannelStats(ch.channelArn(), ch.channelName(), old.rowsDelivered() + rows,
                old.recordsDeadLettered() + deadLettered, old.commits() + (committed ? 1 : 0), objects));
    }

    /** Every channel that committed or dead-lettered anything, ordered by ARN (deterministic reports). */
    public synchronized List<ChannelStats> channels() {
        return List.copyOf(byArn.values());
    }
}
