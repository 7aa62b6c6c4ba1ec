package io.channelpilot.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusViewTest {

    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1";
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private static List<ChannelStatus> statuses() {
        ChannelStatus ready = ChannelStatus.fresh(new ChannelKey(CLUSTER, "orders.a-1"), "orders.a", T0).withObserved("arn:a", "ACTIVE")
                .withCondition(ConditionType.READY, ConditionStatus.TRUE, "ChannelActive", "two consecutive ACTIVE reads", T0)
                .withCondition(ConditionType.PROVISIONED, ConditionStatus.TRUE, "ChannelCreated", "", T0);
        ChannelStatus gone = ChannelStatus.fresh(new ChannelKey(CLUSTER, "orders.b-2"), "orders.b", T0).withObserved("arn:b", "MISSING")
                .withCondition(ConditionType.READY, ConditionStatus.FALSE, "ChannelDeletedOutOfBand", "not listed", T0);
        return List.of(gone, ready);
    }

    @Test
    void shouldRenderOneSortedRowPerChannelWithConditionsAndTheUnhealthyReason() {
        // when
        String table = StatusView.render(statuses(), StatusView.Format.parse("TABLE"));

        // then
        assertThat(table.lines().toList()).containsExactly(
                "CLUSTER  CHANNEL     TOPIC     STATUS   READY  VALIDATED  PROVISIONED  DEGRADED  REPLACEMENTPENDING  REASON",
                "demo     orders.a-1  orders.a  ACTIVE   True   -          True         -         -                   -",
                "demo     orders.b-2  orders.b  MISSING  False  -          -            -         -                   ChannelDeletedOutOfBand");
    }

    @Test
    void shouldRenderJsonWithWireNamesAndTimes() throws Exception {
        // when
        JsonNode json = new ObjectMapper().readTree(StatusView.render(statuses(), StatusView.Format.JSON));

        // then
        assertThat(json).hasSize(2);
        JsonNode first = json.get(0);
        assertThat(first.path("cluster").asText()).isEqualTo("demo");
        assertThat(first.path("channel").asText()).isEqualTo("orders.a-1");
        assertThat(first.path("conditions").get(0).path("type").asText()).isEqualTo("Ready");
        assertThat(first.path("conditions").get(0).path("status").asText()).isEqualTo("True");
        assertThat(first.path("conditions").get(0).path("lastTransitionTime").asText()).isEqualTo("2026-03-01T10:00:00Z");
    }

    @Test
    void shouldRefuseAnUnknownOutputFormatNamingTheChoices() {
        assertThatThrownBy(() -> StatusView.Format.parse("yaml")).hasMessage("--output must be json or table, got: yaml");
    }
}
