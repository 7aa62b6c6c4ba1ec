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
