package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.template.CfnYaml;
import io.channelpilot.local.sfn.template.SamTemplate;
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
        // by value, as deployed (issue 13): a condition that merely exists — or an !If that can be NoValue — is not enough
        JsonNode doc = resolvedProperties("ChannelServiceRole", false).path("AssumeRolePolicyDocument");
        assertThat(doc.path("Statement")).as("one trust statement").hasSize(1);
        JsonNode trust = doc.at("/Statement/0");
        assertThat(trust.path("Effect").asText()).isEqualTo("Allow");
        assertThat(strings(trust.path("Principal").path("Service"))).containsExactly("kafka.amazonaws.com");
        assertThat(trust.path("Principal").has("AWS")).as("no account or role principal").isFalse();
        assertThat(strings(trust.path("Action"))).containsExactly("sts:AssumeRole");
        assertThat(strings(trust.at("/Condition/StringEquals/aws:SourceAccount"))).containsExactly(ACCOUNT);
        assertThat(strings(trust.at("/Condition/ArnLike/aws:SourceArn")))
                .containsExactly("arn:aws:kafka:us-east-1:" + ACCOUNT + ":channel/*/*");
        // every role the template declares itself is this one (SAM's function and state machine roles trust only
        // lambda.amazonaws.com / states.amazonaws.com, which SAM writes): a new role needs its own assertion here
        List<String> roles = new ArrayList<>();
        template.path("Resources").fields().forEachRemaining(e -> {
            if (e.getValue().path("Type").asText().equals("AWS::IAM::Role")) {
                roles.add(e.getKey());
            }
            assertThat(e.getValue().path("Properties").has("Role")).as(e.getKey() + ": no hand-made execution role").isFalse();
        });
        assertThat(roles).containsExactly("ChannelServiceRole");
    }

    @Test
    void shouldEncryptTopicTableAndLogGroupsAtRest() {
        template.path("Resources").fields().forEachRemaining(e -> {
            String type = e.getValue().path("Type").asText();
            JsonNode props = e.getValue().path("Properties");
            switch (type) {
                // values, not keys (issue 13: has("KmsKeyId") is true for an !If [.., NoValue]); the keys' values with
                // and without a stack key are asserted in shouldEncryptLogGroupsTopicAndTableWithTheStackKeyByValue
                case "AWS::SNS::Topic" -> assertThat(resolvedProperties(e.getKey(), false).path("KmsMasterKeyId").asText())
                        .as(e.getKey()).isNotBlank();
                case "AWS::DynamoDB::Table" -> {
                    JsonNode resolved = resolvedProperties(e.getKey(), false);
                    assertThat(resolved.at("/SSESpecification/SSEEnabled").asBoolean()).as(e.getKey()).isTrue();
                    assertThat(resolved.at("/PointInTimeRecoverySpecification/PointInTimeRecoveryEnabled").asBoolean())
                            .as(e.getKey()).isTrue();
                }
                case "AWS::Logs::LogGroup" -> {
                    assertThat(resolvedProperties(e.getKey(), false).path("RetentionInDays").asInt()).as(e.getKey()).isEqualTo(30);
                    assertThat(resolvedProperties(e.getKey(), true).path("KmsKeyId").asText()).as(e.getKey()).isEqualTo(KEY);
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

    // ---------------------------------------------------------------- issue 13: least privilege, asserted by value

    private static final String ACCOUNT = "123456789012";
    private static final String KEY = "arn:aws:kms:us-east-1:" + ACCOUNT + ":key/11111111-2222-3333-4444-555555555555";
    private static final String DLQ = "cp-dlq-bucket";
    private static final Map<String, String> BASE = Map.of("TableBucketArn", "arn:aws:s3tables:us-east-1:" + ACCOUNT
            + ":bucket/analytics", "DlqBucketName", DLQ, "SchemaRegistryNamePattern", "sales-*", "RedriveTopicNamePattern", "orders.*");

    /** The template resolved under its parameters: every statement as deployed, {@code !If} branches decided. */
    private static List<Map.Entry<String, JsonNode>> deployedStatements(boolean withKey) {
        Map<String, String> params = new java.util.HashMap<>(BASE);
        params.put("KmsKeyArn", withKey ? KEY : "");
        SamTemplate sam = SamTemplate.load(Repo.root().resolve("template.yaml"), params, "us-east-1", ACCOUNT);
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        sam.resources().forEach((id, resource) -> {
            JsonNode policies = resource.path("Properties").path("Policies");
            if (!policies.isMissingNode()) {
                // trust policies (Principal) are skipped by collect, as in the checks above
                collect(id, sam.resolve(policies, id + ".Policies"), (where, st) -> out.add(Map.entry(where, st)));
            }
        });
        return out;
    }

    private static JsonNode resolvedProperties(String logicalId, boolean withKey) {
        Map<String, String> params = new java.util.HashMap<>(BASE);
        params.put("KmsKeyArn", withKey ? KEY : "");
        SamTemplate sam = SamTemplate.load(Repo.root().resolve("template.yaml"), params, "us-east-1", ACCOUNT);
        return sam.resolve(sam.resources().get(logicalId).path("Properties"), logicalId);
    }

    @Test
    void shouldScopeEveryKmsStatementToTheStackKeyThroughNamedServicesByValue() {
        List<Map.Entry<String, JsonNode>> kms = deployedStatements(true).stream()
                .filter(e -> actions(e.getValue()).stream().anyMatch(a -> a.startsWith("kms:"))).toList();
        assertThat(kms).as("KMS statements with a key").hasSizeGreaterThanOrEqualTo(9);
        for (Map.Entry<String, JsonNode> e : kms) {
            JsonNode st = e.getValue();
            assertThat(resources(st)).as(e.getKey()).containsExactly(KEY);
            List<String> via = strings(st.at("/Condition/StringEquals/kms:ViaService"));
            assertThat(via).as(e.getKey() + " kms:ViaService").isNotEmpty()
                    .allSatisfy(v -> assertThat(v).matches("^(s3|s3tables|sns|dynamodb)\\.us-east-1\\.amazonaws\\.com$"));
            if (via.contains("s3.us-east-1.amazonaws.com")) {
                // through S3 only for DLQ objects (seed KMSAccessDLQ): never mixed with a service that has no S3 context
                assertThat(via).as(e.getKey()).containsExactly("s3.us-east-1.amazonaws.com");
                assertThat(st.at("/Condition/StringLike/kms:EncryptionContext:aws:s3:arn").asText()).as(e.getKey())
                        .isEqualTo("arn:aws:s3:::" + DLQ + "/*");
            }
        }
        assertThat(deployedStatements(false)).as("no KMS statement without a key")
                .noneMatch(e -> actions(e.getValue()).stream().anyMatch(a -> a.startsWith("kms:")));
    }

    @Test
    void shouldGiveTheChannelRoleTheSeedsKeyStatementsForTablesAndTheDlq() {
        List<JsonNode> role = deployedStatements(true).stream().filter(e -> e.getKey().startsWith("ChannelServiceRole/"))
                .map(Map.Entry::getValue).filter(st -> actions(st).contains("kms:GenerateDataKey")).toList();
        assertThat(role).extracting(st -> st.at("/Condition/StringEquals/kms:ViaService").asText())
                .containsExactlyInAnyOrder("s3tables.us-east-1.amazonaws.com", "s3.us-east-1.amazonaws.com");
        assertThat(role).filteredOn(st -> st.at("/Condition/StringEquals/kms:ViaService").asText().startsWith("s3."))
                .singleElement().satisfies(st -> assertThat(st.at("/Condition/StringLike/kms:EncryptionContext:aws:s3:arn").asText())
                        .isEqualTo("arn:aws:s3:::" + DLQ + "/*"));
    }

    @Test
    void shouldRequireTheStacksAccountWhereverAGeneralPurposeBucketIsReached() {
        List<Map.Entry<String, JsonNode>> s3 = deployedStatements(false).stream()
                .filter(e -> actions(e.getValue()).stream().anyMatch(a -> a.startsWith("s3:"))).toList();
        assertThat(s3).hasSizeGreaterThanOrEqualTo(6);
        s3.forEach(e -> {
            assertThat(e.getValue().at("/Condition/StringEquals/aws:ResourceAccount").asText()).as(e.getKey()).isEqualTo(ACCOUNT);
            assertThat(resources(e.getValue())).as(e.getKey()).allSatisfy(r -> assertThat(r).startsWith("arn:aws:s3:::" + DLQ));
        });
    }

    @Test
    void shouldLetNoFunctionTagAClusterAndProvisioningTagOnlyChannels() {
        List<Map.Entry<String, JsonNode>> tagging = deployedStatements(false).stream()
                .filter(e -> actions(e.getValue()).stream().anyMatch(a -> a.equals("kafka:TagResource") || a.equals("kafka:UntagResource")))
                .toList();
        assertThat(tagging).extracting(Map.Entry::getKey).containsExactly("ProvisionChannelFunction/TagChannelsOnly");
        assertThat(resources(tagging.get(0).getValue())).containsExactly("arn:aws:kafka:us-east-1:" + ACCOUNT + ":channel/*/*");
    }

    @Test
    void shouldReadGlueOnlyFromTheRegistriesTheStackNames() {
        List<Map.Entry<String, JsonNode>> glue = deployedStatements(false).stream()
                .filter(e -> actions(e.getValue()).stream().anyMatch(a -> a.startsWith("glue:"))).toList();
        assertThat(glue).extracting(Map.Entry::getKey).contains("ChannelServiceRole/AllowSchemaRegistry",
                "ValidateChannelFunction/ReadSchemas", "RedriveControlFunction/ReadChannelSchemas");
        glue.forEach(e -> assertThat(resources(e.getValue())).as(e.getKey()).containsExactlyInAnyOrder(
                "arn:aws:glue:us-east-1:" + ACCOUNT + ":registry/sales-*", "arn:aws:glue:us-east-1:" + ACCOUNT + ":schema/sales-*/*"));
        // the default is every registry: the trade-off of rules that may name any registry (README, Deploy)
        assertThat(template.at("/Parameters/SchemaRegistryNamePattern/Default").asText()).isEqualTo("*");
    }

    @Test
    void shouldKeepTheRedriveWorkersKafkaDataPlaneAccessToReadAndRewriteTopics() {
        Map<String, List<String>> byAction = new java.util.TreeMap<>();
        deployedStatements(false).forEach(e -> actions(e.getValue()).stream().filter(a -> a.startsWith("kafka-cluster:"))
                .forEach(a -> byAction.computeIfAbsent(a, k -> new ArrayList<>()).addAll(
                        resources(e.getValue()).stream().map(r -> e.getKey() + " " + r).toList())));
        String cluster = "RedriveBatchFunction/ConnectToCluster arn:aws:kafka:us-east-1:" + ACCOUNT + ":cluster/*/*";
        String topics = "RedriveBatchFunction/ReadAndRewriteSourceTopics arn:aws:kafka:us-east-1:" + ACCOUNT + ":topic/*/*/orders.*";
        assertThat(byAction).containsOnly(
                Map.entry("kafka-cluster:Connect", List.of(cluster)),
                Map.entry("kafka-cluster:WriteDataIdempotently", List.of(cluster)),
                Map.entry("kafka-cluster:DescribeTopic", List.of(topics)),
                Map.entry("kafka-cluster:ReadData", List.of(topics)),
                Map.entry("kafka-cluster:WriteData", List.of(topics)));
    }

    @Test
    void shouldEncryptLogGroupsTopicAndTableWithTheStackKeyByValue() {
        template.path("Resources").fields().forEachRemaining(e -> {
            String type = e.getValue().path("Type").asText();
            if (!List.of("AWS::Logs::LogGroup", "AWS::SNS::Topic", "AWS::DynamoDB::Table").contains(type)) {
                return;
            }
            JsonNode withKey = resolvedProperties(e.getKey(), true);
            JsonNode without = resolvedProperties(e.getKey(), false);
            switch (type) {
                case "AWS::Logs::LogGroup" -> {
                    assertThat(withKey.path("KmsKeyId").asText()).as(e.getKey()).isEqualTo(KEY);
                    assertThat(without.has("KmsKeyId")).as(e.getKey() + " without a key").isFalse();
                    assertThat(withKey.path("RetentionInDays").asInt()).as(e.getKey()).isEqualTo(30);
                }
                case "AWS::SNS::Topic" -> {
                    assertThat(withKey.path("KmsMasterKeyId").asText()).as(e.getKey()).isEqualTo(KEY);
                    assertThat(without.path("KmsMasterKeyId").asText()).as(e.getKey()).isEqualTo("alias/aws/sns");
                }
                default -> {
                    assertThat(withKey.at("/SSESpecification/KMSMasterKeyId").asText()).as(e.getKey()).isEqualTo(KEY);
                    assertThat(withKey.at("/SSESpecification/SSEEnabled").asBoolean()).isTrue();
                    assertThat(without.at("/SSESpecification/SSEEnabled").asBoolean()).isTrue();
                }
            }
        });
    }

    /**
     * Every statement on {@code Resource: '*'}, by resource and Sid, with its actions (issue 13 "the note lists every
     * remaining Resource '*' with the reason"; README "Security"). A new one — even with an action allowed above — fails
     * here until it is added with its reason.
     */
    private static final Map<String, List<String>> WILDCARD_STATEMENTS = Map.of(
            "ValidateChannelFunction/NoResourceLevelPermissions",
            List.of("cloudwatch:GetMetricData", "servicequotas:ListAWSDefaultServiceQuotas", "servicequotas:ListServiceQuotas"),
            "ProvisionChannelFunction/NamespaceGrants", List.of("lakeformation:GrantPermissions", "lakeformation:ListPermissions"),
            "RespondToAlarmFunction/FindClusterByName", List.of("kafka:ListClustersV2"),
            "RespondToAlarmFunction/ReadDeliveryMetrics", List.of("cloudwatch:GetMetricData"),
            "ReconcileFunction/ListClusters", List.of("kafka:ListClustersV2"),
            "ProvisionChannelStateMachine/DeliverExecutionLogs", List.of("logs:CreateLogDelivery", "logs:DeleteLogDelivery",
                    "logs:DescribeLogGroups", "logs:DescribeResourcePolicies", "logs:GetLogDelivery", "logs:ListLogDeliveries",
                    "logs:PutResourcePolicy", "logs:UpdateLogDelivery"),
            "RedriveDlqStateMachine/DeliverExecutionLogs", List.of("logs:CreateLogDelivery", "logs:DeleteLogDelivery",
                    "logs:DescribeLogGroups", "logs:DescribeResourcePolicies", "logs:GetLogDelivery", "logs:ListLogDeliveries",
                    "logs:PutResourcePolicy", "logs:UpdateLogDelivery"));

    @Test
    void shouldAllowResourceStarOnlyInTheListedStatements() {
        Map<String, List<String>> found = new java.util.TreeMap<>();
        forEachStatement((where, st) -> {
            if (resources(st).contains("*")) {
                found.put(where, actions(st).stream().sorted().toList());
            }
        });
        assertThat(found).isEqualTo(new java.util.TreeMap<>(WILDCARD_STATEMENTS));
    }

    @Test
    void shouldGiveEveryResourceStarItsReasonInAComment() throws IOException {
        // the statement's lines, from its "- Sid:" (or "- Effect:") to the Resource line, must hold a # comment
        List<String> lines = Files.readAllLines(Repo.root().resolve("template.yaml"));
        List<String> unexplained = new ArrayList<>();
        int stars = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).matches("^\\s*Resource:\\s*['\"]\\*['\"].*")) {
                continue;
            }
            stars++;
            int start = i;
            while (start > 0 && !lines.get(start).matches("^\\s*- (Sid|Effect):.*")) {
                start--;
            }
            boolean reasoned = lines.get(i).contains("#");
            for (int j = start; j < i && !reasoned; j++) {
                reasoned = lines.get(j).strip().startsWith("#");
            }
            if (!reasoned) {
                unexplained.add("template.yaml:" + (i + 1) + " (" + lines.get(start).strip() + ")");
            }
        }
        assertThat(stars).as("Resource '*' lines").isEqualTo(WILDCARD_STATEMENTS.size());
        assertThat(unexplained).as("Resource '*' without a reason comment").isEmpty();
    }

    /**
     * The AWS managed policies SAM attaches, which never appear as statements in the template: AWSLambdaBasicExecutionRole
     * on every function, AWSXrayWriteOnlyAccess where tracing is on, AWSLambdaVPCAccessExecutionRole where a function has
     * a VpcConfig — SAM tests the property, not the condition inside it, so the redrive worker gets the VPC policy even
     * when RedriveSubnetIds is empty. No function or state machine names a managed policy of its own.
     */
    @Test
    void shouldKnowEveryManagedPolicySamAttaches() {
        Map<String, List<String>> attached = new java.util.TreeMap<>();
        boolean globalTracing = template.at("/Globals/Function/Tracing").asText().equals("Active");
        template.path("Resources").fields().forEachRemaining(e -> {
            JsonNode props = e.getValue().path("Properties");
            List<String> managed = new ArrayList<>();
            switch (e.getValue().path("Type").asText()) {
                case "AWS::Serverless::Function" -> {
                    managed.add("AWSLambdaBasicExecutionRole");
                    if (globalTracing || props.path("Tracing").asText().equals("Active")) {
                        managed.add("AWSXrayWriteOnlyAccess");
                    }
                    if (props.has("VpcConfig")) {
                        managed.add("AWSLambdaVPCAccessExecutionRole");
                    }
                }
                case "AWS::Serverless::StateMachine" -> {
                    if (props.at("/Tracing/Enabled").asBoolean()) {
                        managed.add("AWSXrayWriteOnlyAccess");
                    }
                }
                default -> {
                    return;
                }
            }
            props.path("Policies").forEach(p -> assertThat(p.isTextual()).as(e.getKey() + ": a managed policy by name " + p).isFalse());
            attached.put(e.getKey(), managed);
        });
        List<String> basic = List.of("AWSLambdaBasicExecutionRole", "AWSXrayWriteOnlyAccess");
        assertThat(attached).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("ResolveIntentsFunction", basic), Map.entry("ValidateChannelFunction", basic),
                Map.entry("ProvisionChannelFunction", basic), Map.entry("PollChannelFunction", basic),
                Map.entry("NotifyFunction", basic), Map.entry("RespondToAlarmFunction", basic),
                Map.entry("RedriveControlFunction", basic), Map.entry("ReconcileFunction", basic),
                Map.entry("RedriveBatchFunction", List.of("AWSLambdaBasicExecutionRole", "AWSXrayWriteOnlyAccess",
                        "AWSLambdaVPCAccessExecutionRole")),
                Map.entry("ProvisionChannelStateMachine", List.of("AWSXrayWriteOnlyAccess")),
                Map.entry("RedriveDlqStateMachine", List.of("AWSXrayWriteOnlyAccess"))));
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

    @Test
    void shouldScopeEveryPutEventsToTheDefaultBusAndTheChannelPilotSourceByValue() {
        List<Map.Entry<String, JsonNode>> puts = deployedStatements(false).stream()
                .filter(e -> actions(e.getValue()).stream().anyMatch(a -> a.startsWith("events:"))).toList();

        // exactly the functions that publish Channel Pilot's events (ChannelStateEvents, RedriveTaskEvents)
        assertThat(puts).extracting(e -> e.getKey().split("[./]")[0]).containsExactlyInAnyOrder(
                "ProvisionChannelFunction", "PollChannelFunction", "RespondToAlarmFunction", "RedriveControlFunction",
                "ReconcileFunction");
        for (Map.Entry<String, JsonNode> e : puts) {
            JsonNode st = e.getValue();
            assertThat(st.path("Effect").asText()).as(e.getKey()).isEqualTo("Allow");
            assertThat(actions(st)).as(e.getKey()).containsExactly("events:PutEvents");
            assertThat(resources(st)).as(e.getKey()).containsExactly("arn:aws:events:us-east-1:" + ACCOUNT + ":event-bus/default");
            assertThat(strings(st.at("/Condition/StringEquals/events:source"))).as(e.getKey()).containsExactly("channel-pilot");
        }
    }
}
