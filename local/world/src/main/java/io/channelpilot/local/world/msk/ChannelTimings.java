package io.channelpilot.local.world.msk;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How long channel transitions take on the virtual clock. UNCONFIRMED: AWS publishes no CREATING→ACTIVE duration
 * (reference §2; Terraform waits up to 30 minutes), so every duration is world-file data. Rules are tried in order;
 * the first match supplies each duration it sets, the defaults fill the rest.
 */
public record ChannelTimings(Duration creating, Duration updating, Duration deleting, List<TimingRule> rules) {

    public static final Duration DEFAULT = Duration.ofSeconds(60);

    public ChannelTimings {
        Objects.requireNonNull(creating, "creating");
        Objects.requireNonNull(updating, "updating");
        Objects.requireNonNull(deleting, "deleting");
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    public static ChannelTimings defaults() {
        return new ChannelTimings(DEFAULT, DEFAULT, DEFAULT, List.of());
    }

    /** Timings for one channel after applying the first matching rule. */
    public record Resolved(Duration creating, Duration updating, Duration deleting, boolean stuckCreating,
                           Optional<StateInfo> scriptedFailure) {
    }

    public Resolved forChannel(String clusterName, String channelName) {
        Optional<TimingRule> rule = rules.stream().filter(r -> r.matches(clusterName, channelName)).findFirst();
        return new Resolved(
                rule.map(TimingRule::creating).filter(Objects::nonNull).orElse(creating),
                rule.map(TimingRule::updating).filter(Objects::nonNull).orElse(updating),
                rule.map(TimingRule::deleting).filter(Objects::nonNull).orElse(deleting),
                rule.map(TimingRule::stuckCreating).orElse(false),
                rule.flatMap(TimingRule::scriptedFailure));
    }
}
