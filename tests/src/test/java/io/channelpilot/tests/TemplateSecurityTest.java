package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.template.CfnYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Security review of {@code template.yaml} as a test (issue "Proof" item 5): least privilege, confused-deputy
 * conditions, encryption at rest, no plaintext secrets.
 */
class TemplateSecurityTest {

    /**
     * The only actions allowed on {@code Resource: "*"}, each because the Service Authorization Reference lists no
     * resource type for it. Adding to this list needs the same justification in the template next to the statement.
     */
    private static final Map<String, String> WILDCARD_RESOURCE_ALLOWED = Map.ofEntries(
            Map.entry("servicequotas:ListServiceQuotas", "no resource-level permissions"),
            Map.entry("servicequotas:ListAWSDefaultServiceQuotas", "no resource-level permissions"),
            Map.entry("cloudwatch:GetMetricData", "no resource-level permissions"),
            Map.entry("kafka:ListClustersV2", "no resource-level permissions (respond-to-alarm finds a cluster by name; the reconcile sweep lists clusters)"),
            Map.entry("lakeformation:GrantPermissions", "Lake Formation permission APIs have no resource types"),
            Map.entry("lakeformation:ListPermissions", "Lake Formation permission APIs have no resource types"),
            Map.entry("logs:CreateLogDelivery", "vended log delivery APIs support no resource-level permissions"),
            Map.entry("logs:GetLogDelivery", "vended log delivery APIs support no resource-level permissions"),
            Map.entry("logs:UpdateLogDelivery", "vended log delivery APIs support no resource-level permissions"),
            Map.entry("logs:DeleteLogDelivery", "vended log delivery APIs support no resource-level permissions"),
            Map.entry("logs:ListLogDeliveries", "vended log delivery APIs support no resource-level permissions"),
            Map.entry("logs:PutResourcePolicy", "vended log delivery APIs support no resource-level permissions"),
            Map.entry("logs:DescribeResourcePolicies", "vended log delivery APIs support no resource-level permissions"),
            Map.entry("logs:DescribeLogGroups", "needed with vended log delivery; read-only"),
            Map.entry("xray:PutTraceSegments", "X-Ray has no resource-level permissions"),
            Map.entry("xray:PutTelemetryRecords", "X-Ray has no resource-level permissions"));

    private static JsonNode template;

    @BeforeAll
    static void load() throws IOException {
        template = CfnYaml.parse(Files.readString(Repo.root().resolve("template.yaml")));
    }

    @Test
    void shouldNeverGrantWildcardActions() {
        forEachStatement((where, st) -> actions(st).forEach(a ->
                assertThat(a).as(where).isNotEqualTo("*").doesNotEndWith(":*")));
    }

    @Test
    void shouldScopeEveryResourceOrJustifyTheWildcard() {
        List<String> unjustified = new ArrayList<>();
        forEachStatement((where, st) -> {
            if (st.has("NotResource") || st.has("NotAction")) {
                unjustified.add(where + ": NotResource/NotAction are not allowed");
            }
            if (resources(st).contains("*")) {
                actions(st).stream().filter(a -> !WILDCARD_RESOURCE_ALLOWED.containsKey(a))
                        .forEach(a -> unjustified.add(where + ": " + a + " on Resource *"));
            }
        });
        assertThat(unjustified).isEmpty();
    }

    @Test
    void shouldAllowPassRoleOnlyToKafkaForTheChannelRole() {
        List<String> passRoles = new ArrayList<>();
        forEachStatement((where, st) -> {
            if (actions(st).contains("iam:PassRole")) {
                passRoles.add(where);
                assertThat(st.at("/Condition/StringEquals/iam:PassedToService").asText()).as(where)
                        .isEqualTo("kafka.amazonaws.com");
                assertThat(resources(st)).as(where).doesNotContain("*");
            }
        });
        assertThat(passRoles).hasSize(1);
    }

    @Test
    void shouldProtectTheChannelServiceRoleAgainstConfusedDeputies() {
        JsonNode trust = template.at("/Resources/ChannelServiceRole/Properties/AssumeRolePolicyDocument/Statement/0");
        assertThat(trust.at("/Principal/Service").asText()).isEqualTo("kafka.amazonaws.com");
        assertThat(trust.at("/Condition/StringEquals").has("aws:SourceAccount")).isTrue();
        assertThat(trust.at("/Condition/ArnLike").has("aws:SourceArn")).isTrue();
    }

    @Test
    void shouldEncryptTopicTableAndLogGroupsAtRest() {
        template.path("Resources").fields().forEachRemaining(e -> {
            String type = e.getValue().path("Type").asText();
            JsonNode props = e.getValue().path("Properties");
            switch (type) {
                case "AWS::SNS::Topic" -> assertThat(props.has("KmsMasterKeyId")).as(e.getKey()).isTrue();
                case "AWS::DynamoDB::Table" -> {
                    assertThat(props.toString()).as(e.getKey()).contains("\"SSEEnabled\":true");
                    assertThat(props.at("/PointInTimeRecoverySpecification/PointInTimeRecoveryEnabled").asBoolean())
                            .as(e.getKey()).isTrue();
                }
                case "AWS::Logs::LogGroup" -> {
                    assertThat(props.has("RetentionInDays")).as(e.getKey()).isTrue();
                    assertThat(props.has("KmsKeyId")).as(e.getKey()).isTrue();
                }
                default -> { }
            }
        });
    }

    @Test
    void shouldHaveNoPlaintextSecretParameters() {
        Set<String> secretish = Set.of("password", "secret", "token", "apikey", "accesskey");
        template.path("Parameters").fields().forEachRemaining(e -> {
            String name = e.getKey().toLowerCase();
            if (secretish.stream().anyMatch(name::contains)) {
                assertThat(e.getValue().path("NoEcho").asBoolean()).as(e.getKey() + " must be NoEcho").isTrue();
            }
            assertThat(e.getValue().path("Default").asText("")).as(e.getKey())
                    .doesNotContainPattern("(?i)AKIA[0-9A-Z]{16}");
        });
    }

    private static void forEachStatement(BiConsumer<String, JsonNode> check) {
        template.path("Resources").fields().forEachRemaining(e -> collect(e.getKey(), e.getValue(), check));
    }

    private static void collect(String where, JsonNode node, BiConsumer<String, JsonNode> check) {
        if (node.isObject()) {
            if (node.has("Effect") && (node.has("Action") || node.has("NotAction"))) {
                if (!node.path("Principal").isMissingNode()) {
                    return; // trust/resource policies are checked separately
                }
                check.accept(where + "/" + node.path("Sid").asText("?"), node);
                return;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> child = it.next();
                collect(where, child.getValue(), check);
            }
        } else if (node.isArray()) {
            node.forEach(child -> collect(where, child, check));
        }
    }

    private static List<String> actions(JsonNode st) {
        return strings(st.path("Action"));
    }

    private static List<String> resources(JsonNode st) {
        return strings(st.path("Resource"));
    }

    private static List<String> strings(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isTextual()) {
            out.add(node.asText());
        } else if (node.isArray()) {
            node.forEach(n -> out.add(n.isTextual() ? n.asText() : n.toString()));
        } else if (!node.isMissingNode()) {
            out.add(node.toString());
        }
        return out;
    }
}
