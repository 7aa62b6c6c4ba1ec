package io.channelpilot.local.world.msk;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * World-file override of channel lifecycle timings for the channels whose cluster and channel names match the globs
 * ({@code *} matches any run of characters). A null duration keeps the default. {@code stuckCreating} makes a channel
 * never leave CREATING (timeout tests); {@code failWith} scripts a FAILED outcome regardless of the checks.
 */
public record TimingRule(String cluster, String channel, Duration creating, Duration updating, Duration deleting,
                         boolean stuckCreating, StateInfo failWith) {

    public TimingRule {
        cluster = cluster == null ? "*" : cluster;
        channel = channel == null ? "*" : channel;
        requireNonNegative("creating", creating);
        requireNonNegative("updating", updating);
        requireNonNegative("deleting", deleting);
    }

    public boolean matches(String clusterName, String channelName) {
        return glob(cluster, clusterName) && glob(channel, channelName);
    }

    public Optional<StateInfo> scriptedFailure() {
        return Optional.ofNullable(failWith);
    }

    static boolean glob(String pattern, String text) {
        return Objects.requireNonNull(text).matches(("\\Q" + pattern + "\\E").replace("*", "\\E.*\\Q"));
    }

    private static void requireNonNegative(String name, Duration d) {
        if (d != null && d.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, was " + d);
        }
    }
}
