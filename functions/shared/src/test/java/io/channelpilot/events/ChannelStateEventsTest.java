package io.channelpilot.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One Channel State Change per observed-status transition, whoever publishes it and however often (issue 15). */
class ChannelStateEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ChannelKey KEY = new ChannelKey(TestSpecs.CLUSTER_ARN, "orders-1");

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private final InMemoryStatusStore delegate = new InMemoryStatusStore(clock);
    private final List<JsonNode> put = new ArrayList<>();
    private int failures;
    private final EventPublisher publisher = (type, detail, resources) -> {
        assertThat(type).isEqualTo(ChannelPilotEvents.CHANNEL_STATE_CHANGE);
        if (failures > 0) {
            failures--;
            throw new IllegalStateException("EventBridge throttled");
        }
        try {
            put.add(JSON.readTree(detail));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return "event-" + put.size();
    };
    private final PublishingStatusStore store = new PublishingStatusStore(delegate, publisher);

    private List<String> transitions() {
        return put.stream().map(d -> d.path("from").asText() + "->" + d.path("to").asText()).toList();
    }

    @Test
    void shouldPublishOnceForEachChangeOfTheObservedStatus() {
        store.update(KEY, "orders", s -> s.withDesired("{\"namespace\":\"sales\",\"table\":\"orders\"}", "f1"));
        store.update(KEY, "orders", s -> s.withObserved("arn:aws:kafka:us-east-1:123456789012:channel/demo/x/orders-1/1", "CREATING"));
        store.update(KEY, "orders", s -> s.withObserved(s.channelArn(), "CREATING"));
        store.update(KEY, "orders", s -> s.withObserved(s.channelArn(), "ACTIVE").withCondition(ConditionType.READY,
                ConditionStatus.TRUE, "ChannelActive", "", clock.instant()));
        store.update(KEY, "orders", s -> s.withLastExecution("exec-2"));

        assertThat(transitions()).containsExactly("NONE->CREATING", "CREATING->ACTIVE");
        JsonNode active = put.get(1);
        assertThat(active.path("table").asText()).isEqualTo("sales.orders");
        assertThat(active.path("reason").asText()).isEqualTo("ChannelActive");
        assertThat(active.path("cluster").asText()).isEqualTo("demo");
        assertThat(active.path("transitionId").asText()).startsWith(TestSpecs.CLUSTER_ARN + "/orders-1/");
        assertThat(delegate.find(KEY).orElseThrow().pendingTransition()).isEmpty();
    }

    @Test
    void shouldPublishAFailedPutOnTheNextUpdateOrSweepReadAndNeverTwice() {
        failures = 1;
        store.update(KEY, "orders", s -> s.withObserved("arn:ch", "FAILED"));
        assertThat(put).isEmpty();
        assertThat(delegate.find(KEY).orElseThrow().pendingTransition()).isPresent();

        store.list(TestSpecs.CLUSTER_ARN);   // the sweep reads the channel
        store.list(TestSpecs.CLUSTER_ARN);
        store.update(KEY, "orders", s -> s.withObserved("arn:ch", "FAILED"));

        assertThat(transitions()).containsExactly("NONE->FAILED");
    }

    @Test
    void shouldPublishOnceWhenTwoCallersHoldTheSamePendingTransition() {
        ChannelStatus pending = delegate.update(KEY, "orders", s -> s.withObserved("arn:ch", "DELETING"));
        ChannelStateEvents execution = new ChannelStateEvents(publisher, delegate);
        ChannelStateEvents sweep = new ChannelStateEvents(publisher, delegate);

        boolean first = execution.publishPending(pending);
        boolean second = sweep.publishPending(pending); // a stale copy, read before the first marked it

        assertThat(first).isTrue();
        assertThat(second).isFalse();
        assertThat(transitions()).containsExactly("NONE->DELETING");
    }
}
