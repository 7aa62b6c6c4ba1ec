package io.channelpilot.local.world.iam;

import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import io.channelpilot.local.world.http.Xml;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * AWS IAM on the shared endpoint (AWS Query, signing name {@code iam}): GetRole and SimulatePrincipalPolicy over the
 * world's roles. GetRole returns the trust policy URL-encoded, as IAM does.
 */
public final class IamEmulator implements ServiceEmulator {

    static final Set<String> OPERATIONS = Set.of("GetRole", "SimulatePrincipalPolicy");

    private final RoleDirectory roles;

    public IamEmulator(RoleDirectory roles) {
        this.roles = roles;
    }

    public RoleDirectory roles() {
        return roles;
    }

    @Override
    public String signingName() {
        return "iam";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AWS_QUERY;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "Throttling", "Rate exceeded");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "ServiceFailure", "Injected internal error");
    }

    @Override
    public String operationOf(AwsRequest request) {
        String action = request.formParams().getOrDefault("Action", "");
        if (!OPERATIONS.contains(action)) {
            throw new AwsServiceError(400, "InvalidAction", "The local world does not emulate IAM action '" + action
                    + "'");
        }
        return action;
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        Map<String, String> p = request.formParams();
        String result = switch (operation) {
            case "GetRole" -> getRole(p.get("RoleName"));
            case "SimulatePrincipalPolicy" -> simulate(p);
            default -> throw new IllegalStateException(operation);
        };
        return AwsResponse.xml(200, Xml.queryResponse(operation, result));
    }

    private String getRole(String name) {
        if (name == null || name.isBlank()) {
            throw new AwsServiceError(400, "ValidationError", "RoleName is required");
        }
        IamRole role = roles.role(name).orElseThrow(() -> new AwsServiceError(404, "NoSuchEntity",
                "The role with name " + name + " cannot be found."));
        StringBuilder tags = new StringBuilder();
        role.tags().forEach((k, v) -> tags.append("<member><Key>").append(Xml.escape(k)).append("</Key><Value>")
                .append(Xml.escape(v)).append("</Value></member>"));
        return "<Role><Path>" + Xml.escape(role.path()) + "</Path>"
                + "<AssumeRolePolicyDocument>" + Xml.escape(urlEncode(Json.MAPPER.valueToTree(role.trustPolicy())
                .toString())) + "</AssumeRolePolicyDocument>"
                + "<MaxSessionDuration>3600</MaxSessionDuration>"
                + "<RoleId>" + Xml.escape(role.roleId()) + "</RoleId>"
                + "<RoleName>" + Xml.escape(role.name()) + "</RoleName>"
                + "<Arn>" + Xml.escape(role.arn(roles.account())) + "</Arn>"
                + "<CreateDate>" + role.createDate() + "</CreateDate>"
                + (tags.length() == 0 ? "" : "<Tags>" + tags + "</Tags>")
                + "</Role>";
    }

    private String simulate(Map<String, String> p) {
        List<RoleDirectory.Evaluation> results = roles.simulate(p.get("PolicySourceArn"), members(p, "ActionNames"),
                members(p, "ResourceArns"));
        StringBuilder xml = new StringBuilder("<EvaluationResults>");
        for (RoleDirectory.Evaluation e : results) {
            xml.append("<member><EvalActionName>").append(Xml.escape(e.action())).append("</EvalActionName>")
                    .append("<EvalResourceName>").append(Xml.escape(e.resource())).append("</EvalResourceName>")
                    .append("<EvalDecision>").append(e.decision()).append("</EvalDecision><MatchedStatements>");
            e.matchedPolicies().forEach(id -> xml.append("<member><SourcePolicyId>").append(Xml.escape(id))
                    .append("</SourcePolicyId><SourcePolicyType>IAM Policy</SourcePolicyType></member>"));
            xml.append("</MatchedStatements><MissingContextValues/></member>");
        }
        return xml.append("</EvaluationResults><IsTruncated>false</IsTruncated>").toString();
    }

    /** Query-protocol lists: {@code Name.member.1}, {@code Name.member.2}, ... */
    static List<String> members(Map<String, String> params, String name) {
        List<String> out = new ArrayList<>();
        for (int i = 1; params.containsKey(name + ".member." + i); i++) {
            out.add(params.get(name + ".member." + i));
        }
        return out;
    }

    /** IAM returns policy documents URL-encoded per RFC 3986 (spaces as %20). */
    static String urlEncode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
