package io.channelpilot.reconcile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Plan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One execution the sweep wants: a topic of a cluster whose intents need work, started as a sweep trigger scoped to
 * that topic ({@code {"source":"channel-pilot.sweep","sweepId","clusterArn","topics":[topic]}}, accepted by
 * resolve-intents) so the execution re-reads and re-plans the topic itself instead of trusting the sweep's copy.
 *
 * @param reasons one {@code channel:PLAN:REASON} per intent, for the report
 */
record Work(String clusterArn, String topic, String executionName, List<String> reasons) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Intents that need work, grouped by topic. A replacement that is not approved is NOT work: starting it would only
     * repeat the approval request every sweep; it is surfaced as condition ReplacementPending and in the summary.
     */
    static List<Work> select(String sweepId, String clusterArn, List<Intent> intents) {
        Map<String, List<Intent>> byTopic = new TreeMap<>();
        for (Intent i : intents) {
            if (needsWork(i)) {
                byTopic.computeIfAbsent(i.topic(), t -> new ArrayList<>()).add(i);
            }
        }
        List<Work> out = new ArrayList<>();
        byTopic.forEach((topic, list) -> out.add(new Work(clusterArn, topic, ExecutionNames.of(sweepId, clusterArn, topic, list),
                list.stream().map(i -> i.channelName() + ":" + i.plan() + ":" + i.reason()).toList())));
        return out;
    }

    static boolean needsWork(Intent i) {
        return i.needsWork() && (i.plan() != Plan.REPLACE_NEEDS_APPROVAL || i.approved());
    }

    static boolean awaitsApproval(Intent i) {
        return i.plan() == Plan.REPLACE_NEEDS_APPROVAL && !i.approved();
    }

    String input(String sweepId) {
        ObjectNode in = JSON.createObjectNode().put("source", "channel-pilot.sweep").put("sweepId", sweepId).put("clusterArn", clusterArn);
        in.putArray("topics").add(topic);
        return in.toString();
    }
}
