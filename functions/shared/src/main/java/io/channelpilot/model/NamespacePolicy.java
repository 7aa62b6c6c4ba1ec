package io.channelpilot.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which S3 Tables namespaces a cluster's rules may name (stack parameter {@code NamespacePolicy}, environment
 * {@code CHANNEL_PILOT_NAMESPACE_POLICY}): entries {@code <cluster-name pattern>=<ns>[,<ns>…]} separated by {@code ;},
 * where the pattern may use {@code *}. Example: {@code orders-*=sales,sales_eu;billing-*=billing}. A cluster may use the
 * namespaces of every entry its name matches; a cluster matching none may use none. Empty (the default): every
 * cluster may use every namespace — then the table claims alone keep tenants apart (README "Tenancy").
 */
public record NamespacePolicy(List<Entry> entries) {

    public record Entry(String clusterPattern, List<String> namespaces) {
        public Entry {
            namespaces = List.copyOf(namespaces);
        }

        boolean matches(String clusterName) {
            List<String> parts = List.of(clusterPattern.split("\\*", -1));
            String regex = String.join(".*", parts.stream().map(p -> p.isEmpty() ? "" : Pattern.quote(p)).toList());
            return Pattern.matches(regex, clusterName);
        }
    }

    private static final Pattern CLUSTER_PATTERN = Pattern.compile("^[A-Za-z0-9*-]{1,64}$");

    public NamespacePolicy {
        entries = List.copyOf(entries);
    }

    public static NamespacePolicy none() {
        return new NamespacePolicy(List.of());
    }

    /** Parses the parameter; throws {@link IllegalArgumentException} naming the bad entry (a deployment error). */
    public static NamespacePolicy parse(String text) {
        if (text == null || text.isBlank()) {
            return none();
        }
        List<Entry> out = new ArrayList<>();
        for (String raw : text.split(";")) {
            String entry = raw.strip();
            if (entry.isEmpty()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String pattern = eq < 0 ? "" : entry.substring(0, eq).strip();
            List<String> namespaces = eq < 0 ? List.of()
                    : List.of(entry.substring(eq + 1).split(",")).stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
            if (!CLUSTER_PATTERN.matcher(pattern).matches() || namespaces.isEmpty()
                    || !namespaces.stream().allMatch(S3TablesNames::isValidNamespace)) {
                throw new IllegalArgumentException("CHANNEL_PILOT_NAMESPACE_POLICY entry '" + SafeText.of(entry, 120)
                        + "' is not <cluster-name pattern>=<namespace>[,<namespace>...]");
            }
            out.add(new Entry(pattern, namespaces));
        }
        return new NamespacePolicy(out);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** Empty when {@code clusterName} may use {@code namespace}; else the namespaces it may use (possibly none). */
    public Optional<List<String>> refusal(String clusterName, String namespace) {
        if (entries.isEmpty()) {
            return Optional.empty();
        }
        List<String> allowed = entries.stream().filter(e -> e.matches(clusterName)).flatMap(e -> e.namespaces().stream())
                .distinct().toList();
        return allowed.contains(namespace) ? Optional.empty() : Optional.of(allowed);
    }
}
