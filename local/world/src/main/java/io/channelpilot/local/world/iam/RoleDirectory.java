package io.channelpilot.local.world.iam;

import io.channelpilot.local.world.http.AwsServiceError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The world's IAM roles and policy simulation. Thread-safe (synchronised). */
public final class RoleDirectory {

    /** One SimulatePrincipalPolicy result. */
    public record Evaluation(String action, String resource, String decision, List<String> matchedPolicies) {

        public boolean allowed() {
            return PolicyEvaluator.ALLOWED.equals(decision);
        }
    }

    private final String account;
    private final Map<String, IamRole> roles = new TreeMap<>();

    public RoleDirectory(String account) {
        this.account = account;
    }

    public String account() {
        return account;
    }

    public synchronized void put(IamRole role) {
        roles.put(role.name(), role);
    }

    public synchronized Optional<IamRole> role(String name) {
        return Optional.ofNullable(roles.get(name));
    }

    public synchronized Optional<IamRole> roleByArn(String arn) {
        return roles.values().stream().filter(r -> r.arn(account).equals(arn)).findFirst();
    }

    public synchronized boolean exists(String roleArn) {
        return roleByArn(roleArn).isPresent();
    }

    /**
     * Whether the role's trust policy lets {@code servicePrincipal} call {@code sts:AssumeRole} (an Allow statement
     * naming the service; conditions are not evaluated, as in {@link PolicyEvaluator}).
     */
    public synchronized boolean trusts(String roleArn, String servicePrincipal) {
        return roleByArn(roleArn).map(r -> {
            com.fasterxml.jackson.databind.JsonNode st = r.trustPolicy().path("Statement");
            List<com.fasterxml.jackson.databind.JsonNode> statements = new ArrayList<>();
            if (st.isArray()) {
                st.forEach(statements::add);
            } else {
                statements.add(st);
            }
            return statements.stream().anyMatch(s -> "Allow".equals(s.path("Effect").asText())
                    && mentions(s.path("Principal").path("Service"), servicePrincipal)
                    && (mentions(s.path("Action"), "sts:AssumeRole") || mentions(s.path("Action"), "sts:*")));
        }).orElse(false);
    }

    private static boolean mentions(com.fasterxml.jackson.databind.JsonNode node, String value) {
        if (node.isArray()) {
            for (com.fasterxml.jackson.databind.JsonNode n : node) {
                if (value.equals(n.asText())) {
                    return true;
                }
            }
            return false;
        }
        return value.equals(node.asText());
    }

    /** Evaluates every action against every resource ({@code *} when none is given) for the role's policies. */
    public synchronized List<Evaluation> simulate(String principalArn, List<String> actions, List<String> resources) {
        IamRole role = roleByArn(principalArn).orElseThrow(() -> new AwsServiceError(404, "NoSuchEntity",
                "The principal " + principalArn + " does not exist"));
        if (actions.isEmpty()) {
            throw new AwsServiceError(400, "InvalidInput", "ActionNames must contain at least one action");
        }
        List<String> targets = resources.isEmpty() ? List.of("*") : resources;
        List<Evaluation> out = new ArrayList<>();
        for (String action : actions) {
            for (String resource : targets) {
                PolicyEvaluator.Decision d = PolicyEvaluator.evaluate(role.inlinePolicies(), action, resource);
                out.add(new Evaluation(action, resource, d.decision(), d.matchedPolicies()));
            }
        }
        return out;
    }
}
