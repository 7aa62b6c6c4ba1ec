package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.ChannelKey;

class StatusItemsTest {

    @Test
    void shouldRoundTripEveryFieldThroughADynamoDbItem() {
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        ChannelStatus status = ChannelStatus.fresh(new ChannelKey("arn:c", "ch"), "orders", t)
                .withDesired("{\"freshness\":600}", "abc123")
                .withObserved("arn:ch", "ACTIVE")
                .withLastExecution("exec-1")
                .withCondition(ConditionType.READY, ConditionStatus.TRUE, "ChannelActive", "two ACTIVE reads", t)
                .withCondition(ConditionType.VALIDATED, ConditionStatus.TRUE, "Validated", "", t)
                .stored(t, 3);

        ChannelStatus back = StatusItems.toStatus(StatusItems.toItem(status, "CLUSTER#arn:c"));

        assertThat(back).isEqualTo(status);
    }
}
