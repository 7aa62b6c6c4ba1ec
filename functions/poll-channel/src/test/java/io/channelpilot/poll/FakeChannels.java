package io.channelpilot.poll;

import io.channelpilot.gateway.ChannelGateway;
import io.channelpilot.model.ChannelSpec;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/** Answers DescribeChannel from a script of reads (null = NotFound); the last one repeats. */
final class FakeChannels implements ChannelGateway {

    private final Deque<ChannelDescription> script = new ArrayDeque<>();
    private ChannelDescription last;
    int describes;

    FakeChannels then(ChannelDescription read) {
        script.add(read == null ? NOT_FOUND : read);
        return this;
    }

    private static final ChannelDescription NOT_FOUND = new ChannelDescription("-", "-", "", 0, null, "", "", "");

    @Override
    public Optional<ChannelDescription> describe(String clusterArn, String channelArn) {
        describes++;
        if (!script.isEmpty()) {
            last = script.poll();
        }
        return last == NOT_FOUND ? Optional.empty() : Optional.ofNullable(last);
    }

    @Override
    public Optional<ChannelDescription> findByName(String clusterArn, String topic, String channelName) {
        throw new UnsupportedOperationException("poll never lists");
    }

    @Override
    public CreateOutcome create(ChannelSpec spec, java.util.Map<String, String> tags) {
        throw new UnsupportedOperationException("poll never creates");
    }

    @Override
    public ChannelOperation updateFreshness(String clusterArn, String channelArn, int freshnessSeconds) {
        throw new UnsupportedOperationException("poll never updates");
    }

    @Override
    public Optional<ChannelOperation> delete(String clusterArn, String channelArn) {
        throw new UnsupportedOperationException("poll never deletes");
    }

    @Override
    public void untag(String channelArn, java.util.List<String> keys) {
        throw new UnsupportedOperationException("poll never untags");
    }
}
