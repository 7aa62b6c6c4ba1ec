package io.channelpilot.plan;

/** Stable codes for why a trigger, a cluster or a topic produced no intent (reported in {@code skipped[]}). */
public enum SkipReason {
    /** The cluster is not in the stack's allowed list (guardrail): nothing is read or planned. */
    CLUSTER_NOT_ALLOWED,
    /** Tags that apply to the topic (or the cluster's tag set) have problems: nothing is created, changed or deleted. */
    TAG_PROBLEMS,
    /** The topic named by the trigger does not exist and no channel of ours serves it. */
    TOPIC_NOT_FOUND,
    /** No rule selects the topic and no channel of ours serves it. */
    NO_RULE_MATCHES,
    /** The EventBridge event id was already claimed: a duplicate delivery resolves to nothing. */
    DUPLICATE_EVENT,
    /** A tag change touched no {@code channel-pilot/} key, so no plan can change. */
    NO_RELEVANT_TAG_CHANGE,
    /**
     * A tag key looks like a Channel Pilot key but is not read ({@code channel-pilot:orders}, {@code channelpilot/orders},
     * ...): a hint naming the right spelling. The cluster's valid rules are planned as usual.
     */
    TAG_KEY_LOOKALIKE
}
