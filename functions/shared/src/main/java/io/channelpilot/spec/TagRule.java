package io.channelpilot.spec;

import java.util.List;
import java.util.Map;

/**
 * One parsed tag (a cluster rule, the defaults tag, or the topic's tags taken together): its key, selector, single
 * settings, repair rules (tag form) and the problems found while parsing. A rule with problems never contributes
 * settings; its problems are reported for every topic it matches.
 */
record TagRule(String tag, Selector selector, Map<Setting, String> settings, List<String> repairs,
                      List<TagProblem> problems) {

    public TagRule {
        settings = Map.copyOf(settings);
        repairs = List.copyOf(repairs);
        problems = List.copyOf(problems);
    }

    public boolean isValid() {
        return problems.isEmpty();
    }

    /** Whether this rule sets {@code setting} (repairs count as one setting). */
    boolean sets(Setting setting) {
        return setting == Setting.REPAIR ? !repairs.isEmpty() : settings.containsKey(setting);
    }

    /** The value as compared for conflicts; repairs compare as the whole list. */
    String valueOf(Setting setting) {
        return setting == Setting.REPAIR ? String.join(" ", repairs) : settings.get(setting);
    }
}
