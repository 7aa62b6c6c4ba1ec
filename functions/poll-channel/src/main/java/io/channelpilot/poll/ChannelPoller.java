package io.channelpilot.poll;

import io.channelpilot.gateway.ChannelGateway;
import io.channelpilot.gateway.ChannelGateway.ChannelDescription;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StatusStore;
import io.channelpilot.time.Sleeper;
import io.channelpilot.workflow.ChannelFailed;
import io.channelpilot.workflow.ChannelNotReady;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One poll of a channel (DESIGN §5 step 5), run by the state machine's Retry: DescribeChannel, first matching
 * {@link Acceptor} decides. RETRY throws {@link ChannelNotReady}; FAILURE throws {@link ChannelFailed} with
 * stateInfo; SUCCESS returns. When the channel settles either way, the status store gets the observation and
 * conditions and the provisioning lease is released.
 *
 * <p>Two consecutive ACTIVE reads (as Terraform's waiter requires) are taken inside one invocation: after the first
 * ACTIVE the poller waits {@code confirmDelay} on the injected {@link Sleeper} and reads again. Confirming through a
 * second Retry round instead would cost a failed task, a retry and a new task (more state transitions, which Standard
 * workflows bill) plus at least the 20 s retry interval, and would need state carried between invocations to know
 * the first read was ACTIVE. A few seconds of Lambda time is cheaper and keeps the poll stateless.
 */
final class ChannelPoller {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelPoller.class);

    private final ChannelGateway channels;
    private final StatusStore store;
    private final Sleeper sleeper;
    private final Clock clock;
    private final Duration confirmDelay;

    public ChannelPoller(ChannelGateway channels, StatusStore store, Sleeper sleeper, Clock clock, Duration confirmDelay) {
        this.channels = channels;
        this.store = store;
        this.sleeper = sleeper;
        this.clock = clock;
        this.confirmDelay = confirmDelay;
    }

    public PollResult poll(PollRequest request) {
        ChannelKey key = new ChannelKey(request.intent().clusterArn(), request.channelName());
        if (request.channelArn().isEmpty()) {
            if (request.mode() == PollMode.DELETED) {
                return settledDeleted(request, key, 0);
            }
            throw new IllegalArgumentException("poll ACTIVE needs provision.channelArn");
        }
        List<Acceptor> acceptors = ChannelAcceptors.forMode(request.mode());
        ChannelRead read = read(request);
        int reads = 1;
        Acceptor decision = ChannelAcceptors.decide(acceptors, read);
        if (decision.decision() == Acceptor.Decision.SUCCESS && request.mode() == PollMode.ACTIVE) {
            pause();
            read = read(request);
            reads++;
            decision = ChannelAcceptors.decide(acceptors, read);
        }
        LOG.info("poll cluster={} topic={} channel={} mode={} status={} decision={} reads={}", request.intent().clusterArn(),
                request.intent().topic(), request.channelName(), request.mode(), read.status(), decision.description(), reads);
        return switch (decision.decision()) {
            case SUCCESS -> request.mode() == PollMode.ACTIVE ? settledActive(request, key, reads)
                    : settledDeleted(request, key, reads);
            case FAILURE -> throw settledFailed(request, key, ((ChannelRead.Found) read).channel());
            case RETRY -> throw notReady(request, key, read, decision);
        };
    }

    private ChannelRead read(PollRequest request) {
        return channels.describe(request.intent().clusterArn(), request.channelArn())
                .<ChannelRead>map(ChannelRead.Found::new).orElseGet(ChannelRead.Missing::new);
    }

    private void pause() {
        try {
            sleeper.sleep(confirmDelay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChannelNotReady("ACTIVE", "interrupted before the confirming read; polling again");
        }
    }

    private PollResult settledActive(PollRequest request, ChannelKey key, int reads) {
        store.update(key, request.intent().topic(), s -> s.withObserved(request.channelArn(), "ACTIVE")
                .withCondition(ConditionType.READY, ConditionStatus.TRUE, "ChannelActive", "two consecutive ACTIVE reads", clock.instant())
                .withCondition(ConditionType.DEGRADED, ConditionStatus.FALSE, "ChannelActive", "", clock.instant()));
        store.releaseLease(key, request.correlationId());
        return new PollResult("ACTIVE", request.channelArn(), reads, null);
    }

    private PollResult settledDeleted(PollRequest request, ChannelKey key, int reads) {
        store.update(key, request.intent().topic(), s -> s.withObserved(s.channelArn(), "DELETED")
                .withCondition(ConditionType.READY, ConditionStatus.FALSE, "ChannelDeleted", "DescribeChannel returns NotFound", clock.instant())
                .withCondition(ConditionType.DEGRADED, ConditionStatus.FALSE, "ChannelDeleted", "", clock.instant()));
        store.releaseLease(key, request.correlationId());
        return new PollResult("DELETED", request.channelArn(), reads, null);
    }

    private ChannelFailed settledFailed(PollRequest request, ChannelKey key, ChannelDescription channel) {
        String reason = channel.stateCode().isEmpty() ? "Channel" + channel.status() : channel.stateCode();
        store.update(key, request.intent().topic(), s -> s.withObserved(channel.channelArn(), channel.status())
                .withCondition(ConditionType.READY, ConditionStatus.FALSE, reason, channel.stateMessage(), clock.instant())
                .withCondition(ConditionType.DEGRADED, ConditionStatus.TRUE, "Channel" + channel.status(),
                        channel.stateMessage(), clock.instant()));
        store.releaseLease(key, request.correlationId());
        LOG.warn("channel terminal cluster={} channel={} status={} code={}", request.intent().clusterArn(),
                request.channelName(), channel.status(), channel.stateCode());
        return new ChannelFailed(channel.status(), channel.stateCode(), channel.stateMessage());
    }

    private ChannelNotReady notReady(PollRequest request, ChannelKey key, ChannelRead read, Acceptor decision) {
        if (read instanceof ChannelRead.Found found) {
            // Keep `channel-pilot status` current while in flight; the store skips the write when nothing changed.
            store.update(key, request.intent().topic(), s -> s.withObserved(found.channel().channelArn(), found.channel().status()));
        }
        return new ChannelNotReady(read.status(), decision.description() + " (waiting for "
                + (request.mode() == PollMode.ACTIVE ? "ACTIVE" : "NotFound") + ")");
    }
}
