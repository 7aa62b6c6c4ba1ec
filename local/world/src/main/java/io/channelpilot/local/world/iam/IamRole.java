package io.channelpilot.local.world.iam;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * A role of the world: trust policy and inline identity policies (policy name to document).
 *
 * @param path             IAM path, e.g. {@code /} or {@code /service-role/}
 * @param trustPolicy      the AssumeRolePolicyDocument
 * @param inlinePolicies   identity policies evaluated by SimulatePrincipalPolicy
 */
public record IamRole(String name, String path, String roleId, Instant createDate, JsonNode trustPolicy,
                      Map<String, JsonNode> inlinePolicies, Map<String, String> tags) {

    public IamRole {
        Objects.requireNonNull(name, "name");
        path = path == null ? "/" : path;
        Objects.requireNonNull(roleId, "roleId");
        Objects.requireNonNull(createDate, "createDate");
        Objects.requireNonNull(trustPolicy, "trustPolicy");
        inlinePolicies = Map.copyOf(inlinePolicies);
        tags = tags == null ? Map.of() : Map.copyOf(tags);
    }

    public String arn(String account) {
        return "arn:aws:iam::" + account + ":role" + path + name;
    }
}
