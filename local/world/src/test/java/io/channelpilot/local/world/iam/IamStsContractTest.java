package io.channelpilot.local.world.iam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.msk.SdkClients;
import io.channelpilot.time.VirtualClock;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.iam.IamClient;
import software.amazon.awssdk.services.iam.model.EvaluationResult;
import software.amazon.awssdk.services.iam.model.NoSuchEntityException;
import software.amazon.awssdk.services.iam.model.PolicyEvaluationDecisionType;
import software.amazon.awssdk.services.sts.StsClient;

/** IAM GetRole / SimulatePrincipalPolicy and STS GetCallerIdentity through the real clients. */
class IamStsContractTest {

    private static final String ROLE_ARN = "arn:aws:iam::123456789012:role/service-role/channel-role";
    private static final String TRUST = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\","
            + "\"Principal\":{\"Service\":\"kafka.amazonaws.com\"},\"Action\":\"sts:AssumeRole\",\"Condition\":"
            + "{\"StringEquals\":{\"aws:SourceAccount\":\"123456789012\"}}}]}";
    private static final String TABLES = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\","
            + "\"Action\":[\"s3tables:Get*\",\"s3tables:PutTableData\"],\"Resource\":"
            + "\"arn:aws:s3tables:us-east-1:123456789012:bucket/analytics/*\"},{\"Effect\":\"Allow\","
            + "\"NotAction\":\"iam:*\",\"Resource\":\"arn:aws:s3:::dlq-?\"}]}";
    private static final String DENY = "{\"Version\":\"2012-10-17\",\"Statement\":{\"Effect\":\"Deny\","
            + "\"Action\":\"s3tables:GetTableData\",\"Resource\":\"*\"}}";

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private EmulatorServer server;
    private IamClient iam;
    private StsClient sts;

    @BeforeEach
    void start() throws Exception {
        RoleDirectory roles = new RoleDirectory("123456789012");
        roles.put(new IamRole("channel-role", "/service-role/", "AROAEXAMPLE1", clock.instant(), json(TRUST),
                Map.of("tables", json(TABLES), "deny", json(DENY)), Map.of("owner", "data")));
        server = EmulatorServer.start(new FaultInjector(1, clock)).register(new IamEmulator(roles))
                .register(new StsEmulator(StsEmulator.CallerIdentity.defaultFor("123456789012")));
        iam = SdkClients.client(IamClient.builder().region(software.amazon.awssdk.regions.Region.AWS_GLOBAL),
                server.endpoint());
        sts = SdkClients.client(StsClient.builder(), server.endpoint());
    }

    @AfterEach
    void stop() {
        iam.close();
        sts.close();
        server.close();
    }

    @Test
    void shouldGetRoleWithUrlEncodedTrustPolicy() {
        var role = iam.getRole(r -> r.roleName("channel-role")).role();

        assertThat(role.arn()).isEqualTo(ROLE_ARN);
        assertThat(role.path()).isEqualTo("/service-role/");
        assertThat(role.roleId()).isEqualTo("AROAEXAMPLE1");
        assertThat(role.createDate()).isEqualTo(clock.instant());
        assertThat(role.assumeRolePolicyDocument()).startsWith("%7B%22Version%22");
        assertThat(json(URLDecoder.decode(role.assumeRolePolicyDocument(), StandardCharsets.UTF_8)))
                .isEqualTo(json(TRUST));
        assertThat(role.tags()).extracting(t -> t.key() + "=" + t.value()).containsExactly("owner=data");
        assertThatThrownBy(() -> iam.getRole(r -> r.roleName("missing"))).isInstanceOf(NoSuchEntityException.class);
    }

    @Test
    void shouldSimulateAllowImplicitAndExplicitDeny() {
        var results = iam.simulatePrincipalPolicy(r -> r.policySourceArn(ROLE_ARN)
                .actionNames("s3tables:GetTable", "s3tables:GetTableData", "s3tables:CreateTable", "s3:PutObject")
                .resourceArns("arn:aws:s3tables:us-east-1:123456789012:bucket/analytics/table/*",
                        "arn:aws:s3:::dlq-1")).evaluationResults();

        assertThat(results).hasSize(8);
        assertThat(decision(results, "s3tables:GetTable", "arn:aws:s3tables:us-east-1:123456789012:bucket/analytics/"
                + "table/*")).isEqualTo(PolicyEvaluationDecisionType.ALLOWED);
        assertThat(decision(results, "s3tables:GetTableData", "arn:aws:s3tables:us-east-1:123456789012:bucket/"
                + "analytics/table/*")).isEqualTo(PolicyEvaluationDecisionType.EXPLICIT_DENY);
        assertThat(decision(results, "s3tables:CreateTable", "arn:aws:s3tables:us-east-1:123456789012:bucket/"
                + "analytics/table/*")).isEqualTo(PolicyEvaluationDecisionType.IMPLICIT_DENY);
        assertThat(decision(results, "s3:PutObject", "arn:aws:s3:::dlq-1"))
                .isEqualTo(PolicyEvaluationDecisionType.ALLOWED);
        assertThat(results.stream().filter(r -> r.evalDecision() == PolicyEvaluationDecisionType.EXPLICIT_DENY)
                .findFirst().orElseThrow().matchedStatements().get(0).sourcePolicyId()).isEqualTo("deny");
    }

    @Test
    void shouldRaiseNoSuchEntityWhenSimulatingUnknownPrincipal() {
        assertThatThrownBy(() -> iam.simulatePrincipalPolicy(r -> r.policySourceArn(
                "arn:aws:iam::123456789012:role/none").actionNames("s3:PutObject")))
                .isInstanceOf(NoSuchEntityException.class);
    }

    @Test
    void shouldAnswerCallerIdentity() {
        var me = sts.getCallerIdentity();

        assertThat(me.account()).isEqualTo("123456789012");
        assertThat(me.arn()).isEqualTo("arn:aws:sts::123456789012:assumed-role/channel-pilot/channel-pilot");
        assertThat(me.userId()).isEqualTo("AROALOCALWORLD:channel-pilot");
    }

    private static PolicyEvaluationDecisionType decision(java.util.List<EvaluationResult> results, String action,
                                                         String resource) {
        return results.stream().filter(r -> r.evalActionName().equals(action)
                && r.evalResourceName().equals(resource)).findFirst().orElseThrow().evalDecision();
    }

    private static JsonNode json(String text) {
        return Json.parse(text.getBytes(StandardCharsets.UTF_8));
    }
}
