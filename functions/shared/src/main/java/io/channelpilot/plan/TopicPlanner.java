package io.channelpilot.plan;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.NameScope;
import io.channelpilot.model.StackSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Plans one existing topic: matches each desired spec to our channels by logical table key (or, for channels created
 * before the key tag existed, by the deterministic channel name), then decides per pair. Channels of ours that no spec
 * claims are deleted — except that exactly one unclaimed channel plus exactly one spec with no channel is a table or
 * namespace change of one rule, which is a replacement and needs approval like any other.
 */
final class TopicPlanner {

    /** ACTIVE first, so the live channel is the one compared and kept. */
    private static final Comparator<ObservedChannel> LIVE_FIRST = Comparator.comparing((ObservedChannel c) -> !c.isActive())
            .thenComparing(ObservedChannel::channelName);

    private final StackSettings stack;
    private final Intents intents;
    private final ExistingTables tables;
    private final Map<String, FailureHistory> failures;
    private final TableClaims claims;
    private final java.util.Set<String> incomplete;

    TopicPlanner(StackSettings stack, Intents intents, ExistingTables tables, Map<String, FailureHistory> failures,
                 TableClaims claims, java.util.Set<String> incomplete) {
        this.incomplete = incomplete;
        this.stack = stack;
        this.intents = intents;
        this.tables = tables;
        this.failures = failures;
        this.claims = claims;
    }

    List<Intent> plan(String topic, List<ChannelSpec> specs, List<ObservedChannel> ours, List<ObservedChannel> foreign) {
        List<Intent> out = new ArrayList<>();
        List<ObservedChannel> claimed = new ArrayList<>();
        List<ChannelSpec> missing = new ArrayList<>();
        for (ChannelSpec spec : specs) {
            String key = Intents.key(spec);
            String replacementName = ReplacementSpecs.replacement(spec, stack).channelName();
            String oldReplacementName = ReplacementSpecs.replacement(spec.withNames(stack, NameScope.CHANNEL), stack).channelName();
            List<ObservedChannel> candidates = ours.stream()
                    .filter(c -> serves(c, spec, key) || c.channelName().equals(replacementName)
                            || c.channelName().equals(oldReplacementName)).sorted(LIVE_FIRST).toList();
            claimed.addAll(candidates);
            Optional<ObservedChannel> other = foreign.stream().filter(c -> serves(c, spec, key)).findFirst();
            if (!spec.operations().managed()) {
                if (candidates.isEmpty()) {
                    out.add(intents.notManaged(spec, other.orElse(null), key));
                } else {
                    candidates.forEach(c -> out.add(intents.release(c, topic, key)));
                }
            } else if (spec.operations().paused()) {
                out.add(intents.paused(spec, candidates.isEmpty() ? other.orElse(null) : candidates.get(0), key));
            } else if (!candidates.isEmpty()) {
                out.addAll(planExisting(topic, spec, key, candidates));
            } else if (other.isPresent()) {
                out.add(intents.unmanaged(other.get(), topic, key));
            } else {
                missing.add(spec);
            }
        }
        List<ObservedChannel> unclaimed = ours.stream().filter(c -> claimed.stream().noneMatch(x -> x == c)).toList();
        if (missing.size() == 1 && unclaimed.size() == 1 && !"DELETING".equals(unclaimed.get(0).status())) {
            ChannelSpec spec = missing.get(0);
            out.add(intents.replace(spec, unclaimed.get(0), Intents.key(spec), true));
            return out;
        }
        missing.forEach(spec -> out.add(create(spec)));
        unclaimed.forEach(c -> out.add(intents.delete(c, topic, PlanReason.NOT_DESIRED,
                "no rule selects topic '" + topic + "' -> " + c.tableKey().orElse(c.channelName()) + " any more")));
        return out;
    }

    /**
     * A desired channel with no channel: created on the rule's table, or — when that table already exists — on the
     * first free table generation ({@link TableGenerations}). When the lookup cannot answer, the rule's table is kept
     * and validation (TABLE_NOT_EXISTING) refuses if it exists.
     */
    private Intent create(ChannelSpec spec) {
        OptionalInt generation = TableGenerations.firstFree(spec, tables, claims);
        int g = generation.orElse(1);
        Optional<TableClaim> owner = TableGenerations.foreignClaim(spec, g, claims);
        Intent create = g == 1 ? intents.create(spec) : intents.createOnNewTable(spec, TableGenerations.at(spec, g, stack), g);
        // Planned anyway, carrying the owner: validation refuses it (TABLE_CLAIMED) and the owner of this rule is told
        // who holds the table, before anything is created.
        return owner.map(create::withTableOwner).orElse(create);
    }

    private List<Intent> planExisting(String topic, ChannelSpec spec, String key, List<ObservedChannel> candidates) {
        ChannelSpec replacement = ReplacementSpecs.replacement(spec, stack);
        List<ObservedChannel> current = candidates.stream().filter(c -> servedAs(c, spec, replacement).isPresent()).toList();
        List<Intent> out = new ArrayList<>();
        if (current.isEmpty()) {
            ObservedChannel old = candidates.get(0);
            out.add(intents.replace(replacement, old, key, false));
            candidates.stream().skip(1).forEach(c -> out.add(intents.waiting(c, old, topic, key)));
            return out;
        }
        ObservedChannel live = current.get(0);
        ChannelSpec desired = servedAs(live, spec, replacement).orElseThrow();
        if ("DELETING".equals(live.status())) {
            out.add(intents.deleting(desired, live, key));
        } else if ("FAILED".equals(live.status())) {
            FailureHistory history = failures.getOrDefault(live.channelName(), new FailureHistory(1, FailureHistory.DEFAULT_LIMIT));
            out.add(history.exhausted() ? intents.failedTooOften(desired, live, key, history)
                    : intents.recreateFailed(live, topic, key, history));
        } else if (incomplete.contains(live.channelName())) {
            out.add(intents.incomplete(desired, live, key));
        } else if (live.freshnessSeconds() != 0 && live.freshnessSeconds() != desired.freshnessSeconds()) {
            out.add(intents.freshness(desired, live, key));
        } else {
            out.add(intents.inSync(desired, live, key));
        }
        for (ObservedChannel older : candidates) {
            if (older == live) {
                continue;
            }
            if (!live.isActive()) {
                out.add(intents.waiting(older, live, topic, key));
            } else if ("DELETING".equals(older.status())) {
                // the approved replacement already deleted it (DeleteReplaced); a second DeleteChannel, poll and
                // CHANNEL_DELETED notice for the same channel would be noise (the tag change arrives as two events)
                out.add(intents.alreadyDeleting(older, topic, key));
            } else {
                out.add(intents.delete(older, topic, PlanReason.SUPERSEDED, "its replacement " + live.channelName() + " is ACTIVE"));
            }
        }
        return out;
    }

    /**
     * The spec a channel of ours carries the fingerprint of: the rule's spec, its approved replacement, or the rule's
     * spec on a later table generation (a channel recreated after its table was kept). Empty: a non-updatable field
     * changed.
     */
    private Optional<ChannelSpec> servedAs(ObservedChannel channel, ChannelSpec spec, ChannelSpec replacement) {
        Optional<ChannelSpec> current = servedAs(channel, spec, replacement, NameScope.CLUSTER);
        if (current.isPresent()) {
            return current;
        }
        // A channel created before account-wide names carried the cluster (NameScope.CHANNEL) is adopted under its own
        // log group, DLQ prefix and alarm names: same settings, old names; never replaced or duplicated for the rename.
        ChannelSpec old = spec.withNames(stack, NameScope.CHANNEL);
        return servedAs(channel, old, ReplacementSpecs.replacement(old, stack).withNames(stack, NameScope.CHANNEL), NameScope.CHANNEL);
    }

    private Optional<ChannelSpec> servedAs(ObservedChannel channel, ChannelSpec spec, ChannelSpec replacement, NameScope names) {
        String fingerprint = Intents.fingerprintOf(channel);
        if (fingerprint.equals(spec.fingerprint())) {
            return Optional.of(spec);
        }
        if (fingerprint.equals(replacement.fingerprint())) {
            return Optional.of(replacement);
        }
        OptionalInt generation = TableGenerations.generationOf(spec.table(), channel.table());
        if (generation.isPresent() && generation.getAsInt() > 1) {
            ChannelSpec moved = TableGenerations.at(spec, generation.getAsInt(), stack).withNames(stack, names);
            return fingerprint.equals(moved.fingerprint()) ? Optional.of(moved) : Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * A channel serves a spec when its logical table key matches, or (older channels) its deterministic name does. The
     * caller also accepts the deterministic name of the spec's replacement, so a replacement created without the
     * logical {@code table-key} tag (e.g. tagged from its physical spec) still pairs with its rule.
     */
    private static boolean serves(ObservedChannel channel, ChannelSpec spec, String key) {
        Optional<String> channelKey = channel.tableKey();
        return channelKey.map(key::equals).orElse(false) || channel.channelName().equals(spec.channelName());
    }
}
