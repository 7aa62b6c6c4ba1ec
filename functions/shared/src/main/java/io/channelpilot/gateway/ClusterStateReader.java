package io.channelpilot.gateway;

import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.PlanScope;

/**
 * Reads what the planner needs about one cluster, now: its tags, its topics and its channels with their tags. The
 * resolver never plans from an event's copy of tags because CloudTrail and tag events are best effort, duplicated and
 * reordered (DESIGN §4, issue 5 "Known shape traps").
 *
 * <p>Failures: retryable ones (throttling, 5xx, network) throw {@link io.channelpilot.workflow.AwsThrottled} so the
 * state's Retry runs again; definite ones throw {@link ClusterReadException} with a stable code.
 */
public interface ClusterStateReader {

    /**
     * @param scope {@link PlanScope.AllTopics}: every topic and channel; {@link PlanScope.Topics}: the named topics (absent
     *              ones are simply missing from {@link ClusterState#topics()}) and the channels of those topics
     */
    ClusterState read(String clusterArn, PlanScope scope);
}
