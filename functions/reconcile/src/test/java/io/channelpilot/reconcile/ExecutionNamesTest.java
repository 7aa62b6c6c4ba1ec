package io.channelpilot.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.plan.PlanScope;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExecutionNamesTest {

    private static List<Intent> creates(String sweepId, String topic) {
        IntentPlanner planner = new IntentPlanner(Fixtures.STACK);
        return planner.plan(new ClusterState(Fixtures.CLUSTER, Fixtures.TAGS, Map.of(topic, Map.of()), List.of()), PlanScope.all(), sweepId)
                .intents();
    }

    @Test
    void shouldBeDeterministicShortAndInTheSafeCharset() {
        // given a long, odd sweep id
        String id = "Manual Sweep: ops/2026-03-01 (very long sweep identifier that keeps going and going)";

        // when
        String a = ExecutionNames.of(id, Fixtures.CLUSTER, "orders.a", creates(id, "orders.a"));
        String b = ExecutionNames.of(id, Fixtures.CLUSTER, "orders.a", creates(id, "orders.a"));

        // then
        assertThat(a).isEqualTo(b).hasSizeLessThanOrEqualTo(80).matches("[A-Za-z0-9_-]+").startsWith("sweep-manual-sweep-ops-2026");
    }

    @Test
    void shouldDifferPerSweepTopicAndPlan() {
        String a = ExecutionNames.of("s1", Fixtures.CLUSTER, "orders.a", creates("s1", "orders.a"));
        assertThat(ExecutionNames.of("s2", Fixtures.CLUSTER, "orders.a", creates("s1", "orders.a"))).isNotEqualTo(a);
        assertThat(ExecutionNames.of("s1", Fixtures.CLUSTER, "orders.b", creates("s1", "orders.b"))).isNotEqualTo(a);
        assertThat(ExecutionNames.of("s1", Fixtures.OTHER, "orders.a", creates("s1", "orders.a"))).isNotEqualTo(a);
    }

    @Test
    void shouldOmitTheSlugWhenTheSweepIdHasNoReadableCharacters() {
        assertThat(ExecutionNames.of("", Fixtures.CLUSTER, "t", List.of())).startsWith("sweep-").hasSize("sweep-".length() + 24);
    }
}
