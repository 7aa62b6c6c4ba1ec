package io.channelpilot.spec;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.ChannelNames;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.Compression;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.Operations;
import io.channelpilot.model.RecordFormat;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.model.RepairRule;
import io.channelpilot.model.S3TablesNames;
import io.channelpilot.model.SchemaRef;
import io.channelpilot.model.StackSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Resolves the tag contract for one topic into {@link ChannelSpec}s (DESIGN §3).
 *
 * <ul>
 *   <li>A topic is selected by an enabled topic tag set or by any matching exact/prefix rule; defaults never select.</li>
 *   <li>Precedence per setting: topic tags &gt; exact rule &gt; longest prefix rule &gt; defaults &gt; stack parameters.</li>
 *   <li>Fan-out: matching rules naming different {@code table}s give one channel per table; rules without
 *       {@code table} contribute to every branch. A {@code table} on the topic tags wins and gives one channel.</li>
 *   <li>Two contributors of equal rank (two exact rules, or prefix rules with the same prefix) that set one setting to
 *       different values are a {@link SpecError#RULE_CONFLICT} naming both tags, never a silent pick.</li>
 *   <li>Namespaces do not fan out (issue 15 decision, README "Tag contract"): a topic's destinations are its tables, so
 *       two equal-rank rules that differ only in {@code namespace} are a RULE_CONFLICT, not two channels; the fix
 *       names the fan-out that is allowed (a {@code table=} per rule). Across ranks precedence applies as for every
 *       setting (a {@code topic=} rule moves one topic of a {@code prefix=} rule to another namespace).</li>
 * </ul>
 */
public final class SpecResolver {

    /** The fix of a namespace conflict: fan-out is by table, so each destination needs its own table. */
    static final String NAMESPACE_CONFLICT_FIX = "A topic fans out only by table=, never by namespace alone: to deliver it "
            + "into both namespaces give each of the two rules its own table= (one channel each, e.g. table=<topic>_sales and "
            + "table=<topic>_finance); otherwise make the namespaces agree, remove namespace= from one tag, or use a more "
            + "specific selector (topic= beats prefix=).";

    private final StackSettings stack;

    public SpecResolver(StackSettings stack) {
        this.stack = stack;
    }

    public Resolution resolve(String clusterArn, Map<String, String> clusterTags, String topic, Map<String, String> topicTags) {
        return resolve(clusterArn, TagParser.parseCluster(clusterTags), topic, TagParser.parseTopic(topicTags));
    }

    public Resolution resolve(String clusterArn, ClusterRules rules, String topic, Optional<TagRule> topicTags) {
        ClusterArn.parse(clusterArn);
        List<TagRule> matching = new ArrayList<>();
        topicTags.ifPresent(matching::add);
        rules.rules().stream().filter(r -> r.selector().matches(topic)).forEach(matching::add);
        boolean selected = matching.stream().anyMatch(r -> !(r.selector() instanceof Selector.Broken));
        List<TagProblem> problems = new ArrayList<>(rules.clusterProblems());
        matching.forEach(r -> problems.addAll(r.problems()));
        if (!selected) {
            // Broken rules may have been meant for this topic; report them, but only if something else selects it
            // would we create anything — so nothing is created either way.
            return new Resolution(topic, List.of(), problems.isEmpty() ? List.of() : problems);
        }
        rules.defaults().ifPresent(d -> problems.addAll(d.problems()));
        if (!problems.isEmpty()) {
            return new Resolution(topic, List.of(), problems);
        }
        List<TagRule> contributors = new ArrayList<>(matching);
        contributors.sort(Comparator.comparingInt((TagRule r) -> r.selector().rank()).reversed());
        List<ChannelSpec> specs = new ArrayList<>();
        for (List<TagRule> branch : branches(contributors)) {
            List<TagRule> chain = new ArrayList<>(branch);
            rules.defaults().ifPresent(chain::add);
            Map<Setting, String> merged = new EnumMap<>(Setting.class);
            for (Setting setting : Setting.values()) {
                pick(setting, chain, problems).ifPresent(v -> merged.put(setting, v));
            }
            toSpec(clusterArn, topic, merged, chain, problems).ifPresent(specs::add);
        }
        return problems.isEmpty() ? new Resolution(topic, specs, List.of()) : new Resolution(topic, List.of(), problems);
    }

    /** Splits contributors into fan-out branches keyed by table. */
    private static List<List<TagRule>> branches(List<TagRule> contributors) {
        Optional<TagRule> topicTable = contributors.stream()
                .filter(r -> r.selector() instanceof Selector.TopicTags && r.sets(Setting.TABLE)).findFirst();
        Set<String> tables = contributors.stream().filter(r -> r.sets(Setting.TABLE)).map(r -> r.valueOf(Setting.TABLE))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        if (topicTable.isPresent() || tables.size() <= 1) {
            return List.of(contributors);
        }
        List<List<TagRule>> out = new ArrayList<>();
        for (String table : tables) {
            out.add(contributors.stream().filter(r -> !r.sets(Setting.TABLE) || table.equals(r.valueOf(Setting.TABLE))).toList());
        }
        return out;
    }

    /** The value of the highest-ranked contributor; equal-rank disagreement is a conflict naming both tags. */
    private static Optional<String> pick(Setting setting, List<TagRule> chain, List<TagProblem> problems) {
        TagRule winner = null;
        for (TagRule rule : chain) {
            if (!rule.sets(setting)) {
                continue;
            }
            if (winner == null) {
                winner = rule;
            } else if (rule.selector().rank() == winner.selector().rank()) {
                if (!rule.valueOf(setting).equals(winner.valueOf(setting))) {
                    problems.add(TagProblem.of(SpecError.RULE_CONFLICT, winner.tag() + " | " + rule.tag(), setting.key(),
                            "tags '" + winner.tag() + "' and '" + rule.tag() + "' have equal precedence and disagree on '"
                                    + setting.key() + "' ('" + winner.valueOf(setting) + "' vs '" + rule.valueOf(setting) + "')",
                            setting == Setting.NAMESPACE ? NAMESPACE_CONFLICT_FIX
                                    : "Make the values agree, remove '" + setting.key() + "' from one of the two tags, or use a more "
                                    + "specific selector (topic= beats prefix=, a longer prefix beats a shorter one)."));
                }
            } else {
                break;
            }
        }
        return Optional.ofNullable(winner).map(w -> w.valueOf(setting));
    }

    private Optional<ChannelSpec> toSpec(String clusterArn, String topic, Map<Setting, String> s, List<TagRule> chain,
                                         List<TagProblem> problems) {
        String origin = chain.get(0).tag();
        boolean ok = true;
        for (Setting required : List.of(Setting.SCHEMA, Setting.PARTITION)) {
            if (!s.containsKey(required)) {
                ok = false;
                problems.add(TagProblem.of(SpecError.SETTING_REQUIRED, origin, required.key(),
                        "topic '" + topic + "' is selected by '" + origin + "' but no tag sets '" + required.key() + "'",
                        "Add " + required.key() + "=" + (required == Setting.SCHEMA ? "<registry>/<schema>" : "<date-time column>")
                                + " to '" + origin + "' or to '" + TagParser.DEFAULTS + "'."));
            }
        }
        if (!ok) {
            return Optional.empty();
        }
        String namespace = s.getOrDefault(Setting.NAMESPACE, stack.defaultNamespace());
        String table = s.getOrDefault(Setting.TABLE, S3TablesNames.sanitiseTable(topic));
        String name = ChannelNames.of(topic, namespace, table);
        List<RepairRule> repairs = s.containsKey(Setting.REPAIR)
                ? List.of(s.get(Setting.REPAIR).split(" ")).stream().map(RepairRule::fromTagForm).toList()
                : List.of();
        String partition = s.get(Setting.PARTITION);
        Optional<RepairRule> onPartition = repairs.stream().filter(r -> r.touches(partition)).findFirst();
        if (onPartition.isPresent()) {
            problems.add(TagProblem.of(SpecError.REPAIR_TOUCHES_PARTITION, origin, Setting.REPAIR.key(),
                    "repair '" + onPartition.get().tagForm() + "' for topic '" + topic + "' changes the partition column '"
                            + partition + "'", "Remove that repair= rule: the partition column decides a row's hour "
                            + "partition, so a record without a valid '" + partition + "' must be fixed at the producer."));
            return Optional.empty();
        }
        Operations ops = new Operations(s.getOrDefault(Setting.OWNER, ""),
                RedrivePolicy.fromTag(s.getOrDefault(Setting.REDRIVE, "manual")).orElseThrow(),
                repairs, Boolean.parseBoolean(s.getOrDefault(Setting.PAUSED, "false")),
                Boolean.parseBoolean(s.getOrDefault(Setting.MANAGED, "true")), s.getOrDefault(Setting.APPROVE, ""));
        return Optional.of(new ChannelSpec(clusterArn, topic, namespace, table, SchemaRef.parse(s.get(Setting.SCHEMA)),
                RecordFormat.fromTag(s.getOrDefault(Setting.FORMAT, "json")).orElseThrow(), s.get(Setting.PARTITION),
                s.containsKey(Setting.FRESHNESS) ? AsciiNumbers.parseInt(s.get(Setting.FRESHNESS)).orElseThrow()
                        : ChannelSpec.DEFAULT_FRESHNESS,
                Compression.fromTag(s.getOrDefault(Setting.COMPRESSION, "zstd")).orElseThrow(),
                Infrastructure.of(stack, clusterArn, name), ops));
    }
}
