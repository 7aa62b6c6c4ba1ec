package io.channelpilot.reconcile;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.PlanScope;
import io.channelpilot.store.FailureLedger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import io.channelpilot.reconcile.gateway.Fleet;

/**
 * Reads one cluster for the sweep with a call count that grows with pages, not with topics or channels:
 * <ol>
 *   <li>topics: ListTopics pages; cluster tags come with ListClustersV2 (no per-cluster describe);</li>
 *   <li>channels: ListChannels pages (name, ARN, status);</li>
 *   <li>the desired channel names: the planner run against the topics with NO channels (pure, no calls) yields the
 *       deterministic name of every desired channel (DESIGN §4);</li>
 *   <li>DescribeChannel (tags, topic, table, freshness) only for (a) every channel whose name is NOT the deterministic
 *       name of a managed, unpaused desired channel — the ambiguous ones: unmanaged, ours but no longer desired,
 *       replacements, managed=false — and (b) a rotating verification slice of the rest, at most {@code verifyBudget}
 *       per cluster per sweep: window {@code slot mod K} of the sorted names, {@code K = ceil(n / budget)},
 *       so every channel is verified (freshness drift, fingerprint) at least once every K sweeps; and (c) every
 *       channel of a topic that has an ambiguous channel from (a).</li>
 * </ol>
 * An unverified channel is presumed ours and in sync with the spec its name encodes (freshness 0 = "unknown", which
 * the planner never treats as drift). Presumption can only produce NOOP — never work — so no action is ever based on
 * it; the execution the sweep starts re-reads everything anyway (resolve-intents).
 */
final class ClusterReader {

    private final Fleet fleet;
    private final IntentPlanner planner;
    private final StackSettings stack;
    private final int verifyBudget;
    private final FailureLedger failures;

    ClusterReader(Fleet fleet, IntentPlanner planner, StackSettings stack, int verifyBudget, FailureLedger failures) {
        this.fleet = fleet;
        this.planner = planner;
        this.stack = stack;
        this.verifyBudget = verifyBudget;
        this.failures = failures;
    }

    /** What was read: the state to plan from, the listing, and which channels were described (verified). */
    record ClusterRead(ClusterState state, List<Fleet.ListedChannel> listed, Set<String> described) {
    }

    ClusterRead read(Fleet.ClusterSummary cluster, String sweepId, long slot) {
        Map<String, Map<String, String>> topics = new LinkedHashMap<>();
        fleet.topics(cluster.arn()).forEach(t -> topics.put(t, Map.of()));
        List<Fleet.ListedChannel> listed = fleet.channels(cluster.arn());
        Map<String, ChannelSpec> presumable = presumable(new ClusterState(cluster.arn(), cluster.tags(), topics, List.of()), sweepId);
        List<Fleet.ListedChannel> named = listed.stream().filter(c -> presumable.containsKey(c.name())).toList();
        Set<String> slice = slice(named, slot);
        List<ObservedChannel> observed = new ArrayList<>();
        Set<String> described = new TreeSet<>();
        Set<String> topicsWithAmbiguity = new HashSet<>();
        for (Fleet.ListedChannel c : listed) {
            if (!presumable.containsKey(c.name())) {
                describe(cluster.arn(), c, observed, described).flatMap(ObservedChannel::sourceTopic).ifPresent(topicsWithAmbiguity::add);
            }
        }
        for (Fleet.ListedChannel c : named) {
            ChannelSpec spec = presumable.get(c.name());
            // A topic with any ambiguous channel (a replacement, a leftover, someone else's) is planned from real
            // channels only: pairing a presumed channel with a real one could pick the wrong one as live.
            boolean verify = topicsWithAmbiguity.contains(spec.topic()) || slice.contains(c.name());
            if (verify) {
                describe(cluster.arn(), c, observed, described);
            } else {
                observed.add(presumed(c, spec));
            }
        }
        // Only the planning state asks for tables (GetTable per desired channel WITHOUT a channel) and records FAILED
        // channels; the bare state above stays call-free.
        ClusterState state = failures.enrich(new ClusterState(cluster.arn(), cluster.tags(), topics, observed).withTables(fleet.tables()));
        return new ClusterRead(state, listed, described);
    }

    /**
     * The verification window of this slot: names sorted, window {@code slot mod K} of {@code verifyBudget} names,
     * {@code K = ceil(n / budget)} — exactly at most the budget, and all names once every K slots while the set of
     * channels is stable.
     */
    private Set<String> slice(List<Fleet.ListedChannel> named, long slot) {
        List<String> names = named.stream().map(Fleet.ListedChannel::name).sorted().toList();
        int k = names.size() <= verifyBudget ? 1 : (names.size() + verifyBudget - 1) / verifyBudget;
        int start = (int) Math.floorMod(slot, (long) k) * verifyBudget;
        return new HashSet<>(names.subList(Math.min(start, names.size()), Math.min(start + verifyBudget, names.size())));
    }

    private Optional<ObservedChannel> describe(String clusterArn, Fleet.ListedChannel c, List<ObservedChannel> observed, Set<String> described) {
        Optional<ObservedChannel> o = fleet.describe(clusterArn, c.arn());
        o.ifPresent(x -> {
            observed.add(x);
            described.add(x.channelName());
        });
        return o;
    }

    /** Deterministic name → spec of every desired channel that is managed and not paused. */
    private Map<String, ChannelSpec> presumable(ClusterState bare, String sweepId) {
        Map<String, ChannelSpec> out = new LinkedHashMap<>();
        for (Intent i : planner.plan(bare, PlanScope.all(), sweepId).intents()) {
            ChannelSpec spec = i.desired();
            if (spec != null && spec.operations().managed() && !spec.operations().paused()) {
                out.put(spec.channelName(), spec);
            }
        }
        return out;
    }

    private ObservedChannel presumed(Fleet.ListedChannel c, ChannelSpec spec) {
        String key = OwnershipTags.tableKey(spec.namespace(), spec.table());
        return new ObservedChannel(c.arn(), c.name(), c.status(), 0, OwnershipTags.of(spec, stack.managedBy(), key),
                spec.topic(), spec.namespace(), spec.table());
    }
}
