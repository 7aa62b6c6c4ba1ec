package io.channelpilot.redrive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.model.RepairRule;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepairApplierTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static ObjectNode obj(String json) throws Exception {
        return (ObjectNode) JSON.readTree(json);
    }

    static List<RepairRule> rules(String... canonical) {
        return java.util.Arrays.stream(canonical).map(RepairRule::parse).toList();
    }

    @Test
    void shouldApplyEveryRuleInOrderOnACopy() throws Exception {
        ObjectNode in = obj("{\"id\":\"42\",\"amt\":\"1.50\",\"ok\":\"TRUE\",\"old\":{\"x\":1},\"debug\":\"d\"}");

        ObjectNode out = RepairApplier.apply(rules("coerce:/id=integer", "coerce:/amt=number", "coerce:/ok=boolean",
                "rename:/old/x=/new/y", "drop:/debug", "default:/currency=\"EUR\"", "default:/id=7"), in);

        assertThat(out.toString()).isEqualTo(
                "{\"id\":42,\"amt\":1.50,\"ok\":true,\"old\":{},\"new\":{\"y\":1},\"currency\":\"EUR\"}");
        assertThat(in.path("id").isTextual()).as("the input is untouched").isTrue();
    }

    @Test
    void shouldLeaveValuesItCannotConvertForPreValidationToReport() throws Exception {
        ObjectNode out = RepairApplier.apply(rules("coerce:/id=integer", "coerce:/flag=boolean", "rename:/missing=/x"),
                obj("{\"id\":\"4.5\",\"flag\":\"yes\"}"));

        assertThat(out.toString()).isEqualTo("{\"id\":\"4.5\",\"flag\":\"yes\"}");
    }

    @Test
    void shouldPaceToTheRateOnTheSleeperWhenTheBucketIsEmpty() throws Exception {
        VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
        TokenBucket bucket = new TokenBucket(10, clock, clock);

        for (int i = 0; i < 30; i++) {
            bucket.acquire(1);
        }

        // a burst of 10, then 20 more at 10/s
        assertThat(Duration.between(Instant.parse("2026-01-01T00:00:00Z"), clock.instant()))
                .isBetween(Duration.ofMillis(1990), Duration.ofMillis(2010));
    }

    @Test
    void shouldParseRecordIdsWhoseTopicContainsDots() {
        assertThat(RecordId.parse("orders.created/3/1024")).isEqualTo(new RecordId("orders.created", 3, 1024));
        assertThat(new RecordId("t", 0, 5).text()).isEqualTo("t/0/5");
    }
}
