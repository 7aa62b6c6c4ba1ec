package io.channelpilot.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tags Channel Pilot writes on the channels it creates (DESIGN §4). Channels without {@link #MANAGED_BY} are never
 * modified (IaC owns them) and are reported as UNMANAGED.
 *
 * <p>{@link #TOPIC} and {@link #TABLE_KEY} were added so the planner can match desired and actual channels without
 * re-deriving anything from the channel name: the table key is the <em>logical</em> {@code <namespace>.<table>} the
 * rule asked for, which stays the same when an approved replacement writes to a new physical table
 * ({@code <table>_<fingerprint prefix>}), so the old and the new channel remain one pair.
 */
public final class OwnershipTags {

    public static final String MANAGED_BY = "channel-pilot/managed-by";
    public static final String FINGERPRINT = "channel-pilot/fingerprint";
    public static final String OWNER = "channel-pilot/owner";
    /** The source topic of the channel. */
    public static final String TOPIC = "channel-pilot/topic";
    /** The logical {@code <namespace>.<table>} the channel serves (unchanged by a replacement's physical table). */
    public static final String TABLE_KEY = "channel-pilot/table-key";
    /** Every key Channel Pilot owns on a channel; releasing a channel removes exactly these. */
    public static final List<String> KEYS = List.of(MANAGED_BY, FINGERPRINT, OWNER, TOPIC, TABLE_KEY);

    private OwnershipTags() {
    }

    /** Tags for a channel whose physical table is also its logical one (every channel but a replacement). */
    public static Map<String, String> of(ChannelSpec spec, String managedBy) {
        return of(spec, managedBy, tableKey(spec.namespace(), spec.table()));
    }

    /** Tags for a channel serving the logical {@code tableKey} (a replacement keeps its predecessor's key). */
    public static Map<String, String> of(ChannelSpec spec, String managedBy, String tableKey) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(MANAGED_BY, managedBy);
        tags.put(FINGERPRINT, spec.fingerprint());
        spec.operations().ownerIfSet().ifPresent(owner -> tags.put(OWNER, owner));
        tags.put(TOPIC, spec.topic());
        tags.put(TABLE_KEY, tableKey);
        return tags;
    }

    public static String tableKey(String namespace, String table) {
        return namespace + "." + table;
    }

    public static boolean isManaged(Map<String, String> channelTags) {
        return channelTags != null && channelTags.containsKey(MANAGED_BY);
    }

    /** Managed by this very stack (another Channel Pilot stack's channels are not ours to change). */
    public static boolean isManagedBy(Map<String, String> channelTags, String managedBy) {
        return channelTags != null && managedBy.equals(channelTags.get(MANAGED_BY));
    }

    public static Optional<String> fingerprint(Map<String, String> channelTags) {
        return channelTags == null ? Optional.empty() : Optional.ofNullable(channelTags.get(FINGERPRINT));
    }

    public static Optional<String> topic(Map<String, String> channelTags) {
        return channelTags == null ? Optional.empty() : Optional.ofNullable(channelTags.get(TOPIC));
    }

    public static Optional<String> tableKey(Map<String, String> channelTags) {
        return channelTags == null ? Optional.empty() : Optional.ofNullable(channelTags.get(TABLE_KEY));
    }
}
