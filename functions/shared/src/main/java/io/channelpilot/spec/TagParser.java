package io.channelpilot.spec;

import io.channelpilot.model.TopicNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Parses the tag contract (DESIGN §3). Cluster: {@code channel-pilot/<rule>} = space-separated {@code key=value}
 * settings with exactly one selector {@code topic=} or {@code prefix=}; {@code channel-pilot/defaults} = settings, no
 * selector. Topic: {@code channel-pilot/enabled=true} plus one {@code channel-pilot/<setting>} tag per setting
 * ({@code channel-pilot/repair} may hold several space-separated rules). Tags outside {@code channel-pilot/} are ignored
 * except for the per-resource tag limit.
 */
public final class TagParser {

    public static final String PREFIX = "channel-pilot/";
    public static final String DEFAULTS = PREFIX + "defaults";
    public static final String ENABLED = PREFIX + "enabled";

    private TagParser() {
    }

    public static ClusterRules parseCluster(Map<String, String> clusterTags) {
        List<TagProblem> clusterProblems = new ArrayList<>();
        checkLimit("cluster", clusterTags, clusterProblems);
        List<TagRule> rules = new ArrayList<>();
        List<TagProblem> hints = new ArrayList<>();
        TagRule defaults = null;
        for (Map.Entry<String, String> tag : new TreeMap<>(clusterTags).entrySet()) {
            String key = tag.getKey();
            if (!key.startsWith(PREFIX)) {
                TagKeyHints.check(key).ifPresent(hints::add);
                continue;
            }
            String value = tag.getValue() == null ? "" : tag.getValue();
            if (key.equals(DEFAULTS)) {
                defaults = parseRule(key, value, true);
            } else {
                rules.add(parseRule(key, value, false));
            }
        }
        return new ClusterRules(rules, Optional.ofNullable(defaults), clusterProblems, hints);
    }

    /** Topic tags as one rule of rank {@link Selector.TopicTags}; empty when {@code channel-pilot/enabled} is not true. */
    public static Optional<TagRule> parseTopic(Map<String, String> topicTags) {
        List<TagProblem> problems = new ArrayList<>();
        checkLimit("topic", topicTags, problems);
        String enabled = topicTags.get(ENABLED);
        if (enabled == null || enabled.equals("false")) {
            return Optional.empty();
        }
        if (!enabled.equals("true")) {
            problems.add(TagProblem.of(SpecError.SETTING_VALUE_INVALID, ENABLED, "enabled",
                    "tag '" + ENABLED + "' is '" + enabled + "', not true or false", "Set " + ENABLED + "=true or remove the tag."));
        }
        Map<Setting, String> settings = new LinkedHashMap<>();
        List<String> repairs = new ArrayList<>();
        for (Map.Entry<String, String> tag : new TreeMap<>(topicTags).entrySet()) {
            String key = tag.getKey();
            if (!key.startsWith(PREFIX) || key.equals(ENABLED)) {
                continue;
            }
            String value = tag.getValue() == null ? "" : tag.getValue();
            Optional<TagProblem> charset = TagCharset.checkKey(key).or(() -> TagCharset.checkValue(key, value));
            if (charset.isPresent()) {
                problems.add(charset.get());
                continue;
            }
            String name = key.substring(PREFIX.length());
            if (name.equals("topic") || name.equals("prefix")) {
                problems.add(TagProblem.of(SpecError.SELECTOR_NOT_ALLOWED, key, name,
                        "topic tag '" + key + "' is a selector; a topic's own tags need none",
                        "Remove '" + key + "'; put selectors only in cluster rule tags."));
                continue;
            }
            Optional<Setting> setting = Setting.fromKey(name);
            if (setting.isEmpty()) {
                problems.add(unknown(key, name));
                continue;
            }
            if (setting.get() == Setting.REPAIR) {
                for (String rule : value.trim().split("\\s+")) {
                    if (!rule.isEmpty()) {
                        setting.get().check(key, rule).ifPresentOrElse(problems::add, () -> repairs.add(rule));
                    }
                }
            } else {
                setting.get().check(key, value).ifPresentOrElse(problems::add, () -> settings.put(setting.get(), value));
            }
        }
        return Optional.of(new TagRule("topic tags (" + ENABLED + "=true)", new Selector.TopicTags(), settings, repairs, problems));
    }

    private static TagRule parseRule(String key, String value, boolean isDefaults) {
        List<TagProblem> problems = new ArrayList<>();
        TagCharset.checkKey(key).ifPresent(problems::add);
        TagCharset.checkValue(key, value).ifPresent(problems::add);
        Map<Setting, String> settings = new LinkedHashMap<>();
        List<String> repairs = new ArrayList<>();
        List<Selector> selectors = new ArrayList<>();
        boolean selectorBroken = false;
        if (problems.isEmpty()) {
            for (String token : value.trim().split("\\s+")) {
                if (token.isEmpty()) {
                    continue;
                }
                int eq = token.indexOf('=');
                if (eq <= 0 || eq == token.length() - 1) {
                    problems.add(TagProblem.of(SpecError.SETTING_MALFORMED, key, eq > 0 ? token.substring(0, eq) : "",
                            "tag '" + key + "': '" + token + "' is not key=value",
                            "Write each setting as key=value separated by spaces, e.g. 'prefix=orders. partition=event_time'."));
                    continue;
                }
                String k = token.substring(0, eq);
                String v = token.substring(eq + 1);
                if (k.equals("topic") || k.equals("prefix")) {
                    if (isDefaults) {
                        problems.add(TagProblem.of(SpecError.SELECTOR_NOT_ALLOWED, key, k,
                                "tag '" + key + "' has selector '" + token + "'; defaults apply to every selected topic",
                                "Move '" + token + "' into its own rule tag, e.g. channel-pilot/<rule-name>=" + token + "."));
                    } else if (k.equals("topic") ? !TopicNames.isValid(v) : !TopicNames.isValidPrefix(v)) {
                        selectorBroken = true;
                        problems.add(TagProblem.of(SpecError.SELECTOR_INVALID, key, k,
                                "tag '" + key + "': '" + v + "' cannot be a Kafka topic " + (k.equals("topic") ? "name" : "prefix"),
                                "Use " + TopicNames.RULE + " after " + k + "=."));
                    } else {
                        selectors.add(k.equals("topic") ? new Selector.Exact(v) : new Selector.Prefix(v));
                    }
                    continue;
                }
                Optional<Setting> setting = Setting.fromKey(k);
                if (setting.isEmpty()) {
                    problems.add(unknown(key, k));
                    continue;
                }
                Setting s = setting.get();
                if (s.repeatable()) {
                    s.check(key, v).ifPresentOrElse(problems::add, () -> repairs.add(v));
                } else if (settings.containsKey(s)) {
                    problems.add(TagProblem.of(SpecError.SETTING_DUPLICATE, key, k,
                            "tag '" + key + "' sets '" + k + "' twice ('" + settings.get(s) + "' and '" + v + "')",
                            "Keep one " + k + "= in the tag."));
                } else {
                    s.check(key, v).ifPresentOrElse(problems::add, () -> settings.put(s, v));
                }
            }
        }
        Selector selector;
        if (isDefaults) {
            selector = new Selector.Defaults();
        } else if (selectors.size() == 1 && !selectorBroken) {
            selector = selectors.get(0);
        } else {
            selector = new Selector.Broken();
            if (selectors.size() > 1) {
                problems.add(TagProblem.of(SpecError.SELECTOR_MULTIPLE, key, "topic/prefix",
                        "tag '" + key + "' has " + selectors.size() + " selectors; a rule needs exactly one",
                        "Keep one topic= or prefix= in '" + key + "' and move the other into a second rule tag."));
            } else if (selectors.isEmpty() && !selectorBroken && problems.stream().noneMatch(p -> p.code() == SpecError.TAG_VALUE_INVALID
                    || p.code() == SpecError.TAG_KEY_INVALID)) {
                problems.add(TagProblem.of(SpecError.SELECTOR_MISSING, key, "topic/prefix",
                        "tag '" + key + "' has no selector",
                        "Add topic=<name> (one topic) or prefix=<p> (every topic starting with p) to '" + key
                                + "', or rename it to '" + DEFAULTS + "' if it holds defaults."));
            }
        }
        return new TagRule(key, selector, settings, repairs, problems);
    }

    /** The {@code owner=} token of a rule-shaped tag value ("" when it has none), read even from a tag with problems. */
    public static String ownerToken(String value) {
        for (String token : (value == null ? "" : value).trim().split("\\s+")) {
            if (token.startsWith(Setting.OWNER.key() + "=") && token.length() > Setting.OWNER.key().length() + 1
                    && token.length() <= Setting.OWNER.key().length() + 129) {
                return token.substring(Setting.OWNER.key().length() + 1);
            }
        }
        return "";
    }

    private static TagProblem unknown(String tag, String key) {
        return TagProblem.of(SpecError.SETTING_UNKNOWN, tag, key,
                "tag '" + tag + "': unknown setting '" + key + "'",
                "Use one of: " + Setting.knownKeys() + " (selectors: topic, prefix); check the spelling of '" + key + "'.");
    }

    private static void checkLimit(String resource, Map<String, String> tags, List<TagProblem> problems) {
        if (tags.size() > TagCharset.MAX_TAGS) {
            problems.add(TagProblem.of(SpecError.TAG_LIMIT_EXCEEDED, "(" + resource + ")", "",
                    "(" + resource + ") has " + tags.size() + " tags; MSK allows at most " + TagCharset.MAX_TAGS,
                    "Merge rules with prefix= selectors or move shared settings into '" + DEFAULTS + "'."));
        }
    }
}
