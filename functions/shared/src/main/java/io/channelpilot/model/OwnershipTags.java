package io.channelpilot.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Tags Channel Pilot writes on the channels it creates (DESIGN §4). Channels without {@link #MANAGED_BY} are never
 * modified (IaC owns them) and are reported as UNMANAGED.
 */
public final class OwnershipTags {

    public static final String MANAGED_BY = "channel-pilot/managed-by";
    public static final String FINGERPRINT = "channel-pilot/fingerprint";
    public static final String OWNER = "channel-pilot/owner";

    private OwnershipTags() {
    }

    public static Map<String, String> of(ChannelSpec spec, String managedBy) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(MANAGED_BY, managedBy);
        tags.put(FINGERPRINT, spec.fingerprint());
        spec.operations().ownerIfSet().ifPresent(owner -> tags.put(OWNER, owner));
        return tags;
    }

    public static boolean isManaged(Map<String, String> channelTags) {
        return channelTags != null && channelTags.containsKey(MANAGED_BY);
    }

    public static Optional<String> fingerprint(Map<String, String> channelTags) {
        return channelTags == null ? Optional.empty() : Optional.ofNullable(channelTags.get(FINGERPRINT));
    }
}
