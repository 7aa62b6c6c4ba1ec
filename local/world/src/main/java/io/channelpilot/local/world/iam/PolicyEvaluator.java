package io.channelpilot.local.world.iam;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Evaluates identity policies the way IAM does for one principal, one action, one resource: an explicit Deny wins,
 * else any Allow allows, else the request is implicitly denied. Supported: {@code Effect}, {@code Action} /
 * {@code NotAction} (case-insensitive, {@code *} and {@code ?} wildcards), {@code Resource} / {@code NotResource}
 * ({@code *} and {@code ?}). ASSUMPTION (documented in docs/local-world.md): {@code Condition} blocks are ignored,
 * i.e. a statement applies as if its conditions held; policy variables, permission boundaries, SCPs and resource
 * policies are not evaluated.
 */
final class PolicyEvaluator {

    /** Decision strings as SimulatePrincipalPolicy returns them. */
    static final String ALLOWED = "allowed";
    static final String IMPLICIT_DENY = "implicitDeny";
    static final String EXPLICIT_DENY = "explicitDeny";

    /** The decision and the names of the policies whose statements decided it. */
    record Decision(String decision, List<String> matchedPolicies) {
    }

    private PolicyEvaluator() {
    }

    static Decision evaluate(Map<String, JsonNode> policies, String action, String resource) {
        List<String> allows = new ArrayList<>();
        List<String> denies = new ArrayList<>();
        policies.forEach((name, doc) -> {
            for (JsonNode st : statements(doc)) {
                if (matchesAction(st, action) && matchesResource(st, resource)) {
                    ("Deny".equals(st.path("Effect").asText()) ? denies : allows).add(name);
                }
            }
        });
        if (!denies.isEmpty()) {
            return new Decision(EXPLICIT_DENY, denies);
        }
        return allows.isEmpty() ? new Decision(IMPLICIT_DENY, List.of()) : new Decision(ALLOWED, allows);
    }

    private static List<JsonNode> statements(JsonNode doc) {
        JsonNode st = doc.path("Statement");
        List<JsonNode> out = new ArrayList<>();
        if (st.isArray()) {
            st.forEach(out::add);
        } else if (st.isObject()) {
            out.add(st);
        }
        return out;
    }

    private static boolean matchesAction(JsonNode st, String action) {
        String a = action.toLowerCase(Locale.ROOT);
        if (st.has("NotAction")) {
            return values(st.path("NotAction")).stream().noneMatch(p -> glob(p.toLowerCase(Locale.ROOT), a));
        }
        return values(st.path("Action")).stream().anyMatch(p -> glob(p.toLowerCase(Locale.ROOT), a));
    }

    private static boolean matchesResource(JsonNode st, String resource) {
        if (st.has("NotResource")) {
            return values(st.path("NotResource")).stream().noneMatch(p -> glob(p, resource));
        }
        return values(st.path("Resource")).stream().anyMatch(p -> glob(p, resource));
    }

    private static List<String> values(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(n -> out.add(n.asText()));
        } else if (node.isTextual()) {
            out.add(node.asText());
        }
        return out;
    }

    /** IAM wildcards: {@code *} any run of characters (including {@code /} and {@code :}), {@code ?} one character. */
    static boolean glob(String pattern, String text) {
        StringBuilder regex = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(java.util.regex.Pattern.quote(String.valueOf(c)));
            }
        }
        return text.matches(regex.toString());
    }
}
