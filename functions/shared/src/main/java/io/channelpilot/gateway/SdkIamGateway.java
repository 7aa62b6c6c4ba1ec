package io.channelpilot.gateway;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.iam.IamClient;

/** {@link Gateways.IamGateway} over GetRole and SimulatePrincipalPolicy (all pages). */
final class SdkIamGateway implements Gateways.IamGateway {

    private final IamClient iam;

    public SdkIamGateway(IamClient iam) {
        this.iam = iam;
    }

    @Override
    public GatewayResult<Optional<Facts.Role>> role(String roleName) {
        return SdkCalls.find("IAM", "GetRole", "iam:GetRole", Set.of("NoSuchEntity"), () -> {
            var role = iam.getRole(r -> r.roleName(roleName)).role();
            String doc = role.assumeRolePolicyDocument();
            // IAM returns the trust policy URL-encoded (IAM API reference, GetRole).
            String trust = doc == null ? "" : URLDecoder.decode(doc, StandardCharsets.UTF_8);
            return new Facts.Role(role.arn(), role.roleName(), trust);
        });
    }

    @Override
    public GatewayResult<List<Facts.Denial>> simulate(String roleArn, List<String> actions, String resourceArn) {
        return SdkCalls.call("IAM", "SimulatePrincipalPolicy", "iam:SimulatePrincipalPolicy",
                () -> iam.simulatePrincipalPolicyPaginator(r -> r.policySourceArn(roleArn).actionNames(actions).resourceArns(resourceArn))
                        .evaluationResults().stream()
                        .filter(e -> !"allowed".equals(e.evalDecisionAsString()))
                        .map(e -> new Facts.Denial(e.evalActionName(), resourceArn, e.evalDecisionAsString()))
                        .toList());
    }
}
