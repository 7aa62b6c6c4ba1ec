package io.channelpilot.local.world.logs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The subset of the CloudWatch Logs filter-pattern syntax the local world supports for unstructured messages: every
 * plain term or quoted phrase must occur; {@code ?term} terms are alternatives (any must occur). JSON ({@code { }})
 * and space-delimited ({@code [ ]}) patterns are refused.
 */
final class FilterPattern {

    private static final Pattern TOKEN = Pattern.compile("\"([^\"]*)\"|(\\S+)");
    private final List<String> all;
    private final List<String> any;

    private FilterPattern(List<String> all, List<String> any) {
        this.all = all;
        this.any = any;
    }

    static FilterPattern parse(String text) {
        List<String> all = new ArrayList<>();
        List<String> any = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return new FilterPattern(all, any);
        }
        String t = text.trim();
        if (t.startsWith("{") || t.startsWith("[")) {
            throw LogsErrors.invalid("The local world supports only term and phrase filter patterns, not " + t);
        }
        Matcher m = TOKEN.matcher(t);
        while (m.find()) {
            String term = m.group(1) != null ? m.group(1) : m.group(2);
            if (term.startsWith("?") && term.length() > 1) {
                any.add(term.substring(1));
            } else {
                all.add(term);
            }
        }
        return new FilterPattern(all, any);
    }

    boolean matches(String message) {
        return all.stream().allMatch(message::contains) && (any.isEmpty() || any.stream().anyMatch(message::contains));
    }
}
