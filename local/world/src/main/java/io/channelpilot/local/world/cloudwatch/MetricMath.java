package io.channelpilot.local.world.cloudwatch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The metric-math subset Channel Pilot sends in GetMetricData: {@code SEARCH('{Namespace,Dim,...} terms', 'Stat',
 * Period)}, optionally wrapped in {@code SUM}, {@code AVG}, {@code MIN} or {@code MAX} (per timestamp across the
 * matched series). Search terms: {@code MetricName="x"}, {@code Namespace="x"}, {@code "Dim Name"="x"} (quoted = exact,
 * unquoted = case-insensitive partial match) and bare words or quoted phrases matched against names and values, all
 * AND-ed; the schema keeps metrics whose dimension names are exactly the listed ones. Anything else is refused with
 * InvalidParameterValue naming the local-world limitation (UNCONFIRMED territory, never guessed).
 */
final class MetricMath {

    /** One resulting time series. */
    record Series(String label, NavigableMap<Instant, Double> values) {
    }

    private final String text;
    private int pos;

    private MetricMath(String text) {
        this.text = text;
    }

    static List<Series> evaluate(String expression, MetricStore store, Instant start, Instant end) {
        MetricMath parser = new MetricMath(expression.trim());
        List<Series> result = parser.expression(store, start, end);
        parser.skipSpaces();
        if (parser.pos != parser.text.length()) {
            throw unsupported(expression);
        }
        return result;
    }

    private List<Series> expression(MetricStore store, Instant start, Instant end) {
        skipSpaces();
        int open = text.indexOf('(', pos);
        if (open < 0) {
            throw unsupported(text);
        }
        String function = text.substring(pos, open).trim().toUpperCase(Locale.ROOT);
        pos = open + 1;
        List<Series> out;
        if (function.equals("SEARCH")) {
            String search = quoted('\'');
            expect(',');
            String stat = quoted('\'');
            expect(',');
            int period = number();
            out = search(search, Statistic.parse(stat, "Expression"), period, store, start, end);
        } else if (List.of("SUM", "AVG", "MIN", "MAX").contains(function)) {
            out = List.of(reduce(function, expression(store, start, end)));
        } else {
            throw unsupported(text);
        }
        expect(')');
        return out;
    }

    private static Series reduce(String function, List<Series> series) {
        NavigableMap<Instant, List<Double>> byTime = new TreeMap<>();
        series.forEach(s -> s.values().forEach((t, v) -> byTime.computeIfAbsent(t, x -> new ArrayList<>()).add(v)));
        NavigableMap<Instant, Double> out = new TreeMap<>();
        byTime.forEach((t, vs) -> out.put(t, switch (function) {
            case "SUM" -> vs.stream().mapToDouble(Double::doubleValue).sum();
            case "AVG" -> vs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            case "MIN" -> vs.stream().mapToDouble(Double::doubleValue).min().orElse(0);
            default -> vs.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        }));
        return new Series(function, out);
    }

    private static List<Series> search(String search, Statistic stat, int period, MetricStore store, Instant start,
                                       Instant end) {
        SearchTerms terms = SearchTerms.parse(search);
        List<Series> out = new ArrayList<>();
        store.metrics().stream().filter(terms::matches).sorted(Comparator.comparing(MetricKey::toString))
                .forEach(k -> {
                    NavigableMap<Instant, Double> values = store.aggregate(k, start, end, period, stat, null);
                    if (!values.isEmpty()) {
                        out.add(new Series(k.name() + " " + new TreeSet<>(k.dimensions().values()), values));
                    }
                });
        return out;
    }

    private String quoted(char quote) {
        skipSpaces();
        if (pos >= text.length() || text.charAt(pos) != quote) {
            throw unsupported(text);
        }
        int close = text.indexOf(quote, pos + 1);
        if (close < 0) {
            throw unsupported(text);
        }
        String s = text.substring(pos + 1, close);
        pos = close + 1;
        return s;
    }

    private int number() {
        skipSpaces();
        int startPos = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (startPos == pos) {
            throw unsupported(text);
        }
        return Integer.parseInt(text.substring(startPos, pos));
    }

    private void expect(char c) {
        skipSpaces();
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw unsupported(text);
        }
        pos++;
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    static RuntimeException unsupported(String expression) {
        return Params.invalid("The local world supports only SEARCH(...) and SUM/AVG/MIN/MAX(SEARCH(...)) metric math "
                + "expressions; got: " + expression);
    }

    /** A parsed search string: optional schema plus AND-ed terms. */
    private record SearchTerms(List<String> schema, List<Map.Entry<String, String>> terms) {

        static SearchTerms parse(String search) {
            String s = search.trim();
            List<String> schema = List.of();
            if (s.startsWith("{")) {
                int close = s.indexOf('}');
                if (close < 0) {
                    throw unsupported(search);
                }
                schema = new ArrayList<>();
                for (String part : s.substring(1, close).split(",")) {
                    schema.add(unquote(part.trim()));
                }
                s = s.substring(close + 1);
            }
            List<Map.Entry<String, String>> terms = new ArrayList<>();
            for (String token : tokens(s)) {
                if (token.equals("AND")) {
                    continue;
                }
                if (token.equals("OR") || token.equals("NOT") || token.startsWith("(")) {
                    throw unsupported(search);
                }
                int eq = equalsOutsideQuotes(token);
                terms.add(eq < 0 ? Map.entry("", token) : Map.entry(token.substring(0, eq), token.substring(eq + 1)));
            }
            return new SearchTerms(schema, terms);
        }

        boolean matches(MetricKey k) {
            if (!schema.isEmpty() && (!k.namespace().equals(schema.get(0))
                    || !k.dimensions().keySet().equals(new TreeSet<>(schema.subList(1, schema.size()))))) {
                return false;
            }
            for (Map.Entry<String, String> term : terms) {
                String key = unquote(term.getKey());
                String value = term.getValue();
                List<String> candidates = new ArrayList<>();
                if (key.isEmpty()) {
                    candidates.add(k.name());
                    candidates.add(k.namespace());
                    candidates.addAll(k.dimensions().keySet());
                    candidates.addAll(k.dimensions().values());
                } else if (key.equals("MetricName")) {
                    candidates.add(k.name());
                } else if (key.equals("Namespace")) {
                    candidates.add(k.namespace());
                } else if (k.dimensions().containsKey(key)) {
                    candidates.add(k.dimensions().get(key));
                }
                boolean exact = value.startsWith("\"");
                String v = unquote(value);
                boolean hit = candidates.stream().anyMatch(c -> exact ? c.equals(v)
                        : c.toLowerCase(Locale.ROOT).contains(v.toLowerCase(Locale.ROOT)));
                if (!hit) {
                    return false;
                }
            }
            return true;
        }

        private static List<String> tokens(String s) {
            List<String> out = new ArrayList<>();
            StringBuilder current = new StringBuilder();
            boolean quoted = false;
            for (char c : s.toCharArray()) {
                if (c == '"') {
                    quoted = !quoted;
                }
                if (Character.isWhitespace(c) && !quoted) {
                    if (current.length() > 0) {
                        out.add(current.toString());
                        current.setLength(0);
                    }
                } else {
                    current.append(c);
                }
            }
            if (current.length() > 0) {
                out.add(current.toString());
            }
            return out;
        }

        private static int equalsOutsideQuotes(String token) {
            boolean quoted = false;
            for (int i = 0; i < token.length(); i++) {
                char c = token.charAt(i);
                if (c == '"') {
                    quoted = !quoted;
                } else if (c == '=' && !quoted) {
                    return i;
                }
            }
            return -1;
        }

        private static String unquote(String s) {
            return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
        }
    }
}
