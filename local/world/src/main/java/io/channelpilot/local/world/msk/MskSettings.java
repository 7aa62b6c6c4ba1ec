package io.channelpilot.local.world.msk;

import java.time.Duration;
import java.util.Objects;

/**
 * Behaviour switches of the MSK emulator, set from the world file. Everything the AWS documentation leaves open is a
 * switch here rather than a constant in code.
 *
 * @param account                   account id in ARNs and events
 * @param region                    region in ARNs and events
 * @param emitEvents                publish CloudTrail / tag-change events (off: tests the reconcile sweep backstop)
 * @param topicTaggingSupported     UNCONFIRMED: the Service Authorization Reference lists only {@code cluster} and
 *                                  {@code vpc-connection} for TagResource; default false refuses topic ARNs
 * @param enforceChannelNamePattern UNCONFIRMED: {@code ^[a-zA-Z0-9._-]{1,64}$} comes from CloudFormation; whether the
 *                                  API enforces it is unknown; default true
 * @param topicPropagationDelay     "updates approximately every minute" (API reference, DescribeTopic/ListTopics):
 *                                  how stale topic reads are; default 0
 * @param channelTopicFilterExact   UNCONFIRMED: ListChannels {@code topicNameFilter} exact (true) or prefix (false,
 *                                  default, like ListTopics)
 * @param timings                   channel lifecycle durations
 */
public record MskSettings(String account, String region, boolean emitEvents, boolean topicTaggingSupported,
                          boolean enforceChannelNamePattern, Duration topicPropagationDelay,
                          boolean channelTopicFilterExact, ChannelTimings timings) {

    public MskSettings {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(topicPropagationDelay, "topicPropagationDelay");
        Objects.requireNonNull(timings, "timings");
    }

    public static MskSettings defaults(String account, String region) {
        return new MskSettings(account, region, true, false, true, Duration.ZERO, false, ChannelTimings.defaults());
    }

    public MskSettings withTimings(ChannelTimings t) {
        return new MskSettings(account, region, emitEvents, topicTaggingSupported, enforceChannelNamePattern,
                topicPropagationDelay, channelTopicFilterExact, t);
    }

    public MskSettings withEmitEvents(boolean on) {
        return new MskSettings(account, region, on, topicTaggingSupported, enforceChannelNamePattern,
                topicPropagationDelay, channelTopicFilterExact, timings);
    }

    public MskSettings withTopicTaggingSupported(boolean on) {
        return new MskSettings(account, region, emitEvents, on, enforceChannelNamePattern,
                topicPropagationDelay, channelTopicFilterExact, timings);
    }

    public MskSettings withTopicPropagationDelay(Duration delay) {
        return new MskSettings(account, region, emitEvents, topicTaggingSupported, enforceChannelNamePattern,
                delay, channelTopicFilterExact, timings);
    }

    public MskSettings withEnforceChannelNamePattern(boolean on) {
        return new MskSettings(account, region, emitEvents, topicTaggingSupported, on,
                topicPropagationDelay, channelTopicFilterExact, timings);
    }

    public MskSettings withChannelTopicFilterExact(boolean on) {
        return new MskSettings(account, region, emitEvents, topicTaggingSupported, enforceChannelNamePattern,
                topicPropagationDelay, on, timings);
    }

    String arnPrefix() {
        return "arn:aws:kafka:" + region + ":" + account + ":";
    }
}
