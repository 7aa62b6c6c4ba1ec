package io.channelpilot.validation;

import static io.channelpilot.model.Alternative.DATA_FIREHOSE_MSK_SOURCE;
import static io.channelpilot.model.Alternative.KAFKA_CONNECT_S3_SINK;
import static io.channelpilot.model.Alternative.MANAGED_SERVICE_FOR_APACHE_FLINK;
import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.gateway.Facts;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Compression;
import io.channelpilot.model.RecordFormat;
import io.channelpilot.model.StackSettings;
import io.channelpilot.model.TestSpecs;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import io.channelpilot.model.Alternative;

/** Every rule, pass and fail, table-driven: exact code, status, severity, and a remediation that names the fix. */
class ValidationRulesTest {

    /** One row: how to break the world or the spec, and the finding that must result. */
    record Case(String name, Consumer<FakeAws> world, UnaryOperator<ChannelSpec> spec, Set<Need> needs,
                Map<String, String> env, RuleCode code, Severity severity, Status status, String fix, List<Alternative> alternatives) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case world(String name, Consumer<FakeAws> change, RuleCode code, Severity severity, Status status, String fix,
                              Alternative... alternatives) {
        return new Case(name, change, s -> s, Set.of(), Map.of(), code, severity, status, fix, List.of(alternatives));
    }

    private static Case spec(String name, UnaryOperator<ChannelSpec> change, RuleCode code, Severity severity, Status status, String fix) {
        return new Case(name, w -> { }, change, Set.of(), Map.of(), code, severity, status, fix, List.of());
    }

    private static String nested(int depth) {
        String leaf = "{\"type\":\"string\"}";
        for (int i = 0; i < depth; i++) {
            leaf = "{\"type\":\"object\",\"properties\":{\"n\":" + leaf + "}}";
        }
        return "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\",\"properties\":{\"deep\":" + leaf
                + ",\"event_time\":{\"type\":\"string\",\"format\":\"date-time\"}}}";
    }

    private static Consumer<FakeAws> schemaText(String text) {
        return w -> w.schema = Optional.of(new Facts.Schema("arn", "JSON", "AVAILABLE", 1, text));
    }

    static Stream<Case> failures() {
        Map<String, String> guarded = new HashMap<>(TestSpecs.env());
        guarded.put("CHANNEL_PILOT_ALLOWED_CLUSTERS", "other-cluster");
        return Stream.of(
                world("standard brokers", w -> w.cluster = new Facts.Cluster(TestSpecs.CLUSTER_ARN, "PROVISIONED", "ACTIVE", "kafka.m7g.large", Map.of()),
                        RuleCode.CLUSTER_EXPRESS, Severity.ERROR, Status.FAIL, "Data Firehose", DATA_FIREHOSE_MSK_SOURCE, KAFKA_CONNECT_S3_SINK, MANAGED_SERVICE_FOR_APACHE_FLINK),
                world("serverless", w -> w.cluster = new Facts.Cluster(TestSpecs.CLUSTER_ARN, "SERVERLESS", "ACTIVE", "", Map.of()),
                        RuleCode.CLUSTER_EXPRESS, Severity.ERROR, Status.FAIL, "express.*", DATA_FIREHOSE_MSK_SOURCE, KAFKA_CONNECT_S3_SINK, MANAGED_SERVICE_FOR_APACHE_FLINK),
                new Case("guardrail", w -> { }, s -> s, Set.of(), guarded, RuleCode.CLUSTER_ALLOWED, Severity.ERROR, Status.FAIL, "AllowedClusters", List.of()),
                world("no topic", w -> w.topics.clear(), RuleCode.TOPIC_EXISTS, Severity.ERROR, Status.FAIL, "Create the topic"),
                new Case("needs cdc", w -> { }, s -> s, Set.of(Need.CDC, Need.BACKFILL), Map.of(), RuleCode.NEEDS_SUPPORTED, Severity.ERROR,
                        Status.FAIL, "Managed Service for Apache Flink", List.of(MANAGED_SERVICE_FOR_APACHE_FLINK)),
                world("no schema", w -> w.schema = Optional.empty(), RuleCode.SCHEMA_EXISTS, Severity.ERROR, Status.FAIL, "Register the JSON Schema"),
                world("schema deleting", w -> w.schema = Optional.of(new Facts.Schema("arn", "JSON", "DELETING", 1, FakeAws.GOOD_SCHEMA)),
                        RuleCode.SCHEMA_EXISTS, Severity.ERROR, Status.FAIL, "AVAILABLE"),
                world("avro", w -> w.schema = Optional.of(new Facts.Schema("arn", "AVRO", "AVAILABLE", 1, "{}")),
                        RuleCode.SCHEMA_DATA_FORMAT, Severity.ERROR, Status.FAIL, "Managed Service for Apache Flink", MANAGED_SERVICE_FOR_APACHE_FLINK),
                world("not json", schemaText("{not json"), RuleCode.SCHEMA_DEFINITION, Severity.ERROR, Status.FAIL, "valid JSON"),
                world("draft 2020-12", schemaText(FakeAws.GOOD_SCHEMA.replace("http://json-schema.org/draft-07/schema#",
                        "https://json-schema.org/draft/2020-12/schema")), RuleCode.SCHEMA_DEFINITION, Severity.ERROR, Status.FAIL, "draft-07"),
                world("no partition column", schemaText(FakeAws.GOOD_SCHEMA.replace("event_time", "created")),
                        RuleCode.PARTITION_COLUMN, Severity.ERROR, Status.FAIL, "date-time"),
                world("partition not date-time", schemaText(FakeAws.GOOD_SCHEMA.replace("\"format\":\"date-time\"", "\"format\":\"date\"")),
                        RuleCode.PARTITION_COLUMN, Severity.ERROR, Status.FAIL, "\"format\": \"date-time\""),
                world("17 levels", schemaText(nested(17)), RuleCode.SCHEMA_NESTING, Severity.ERROR, Status.FAIL, "16 levels"),
                world("oneOf", schemaText(FakeAws.GOOD_SCHEMA.replace("\"amount\":{\"type\":\"number\"}",
                        "\"amount\":{\"oneOf\":[{\"type\":\"number\"},{\"type\":\"string\"}]}")), RuleCode.SCHEMA_TYPE_MAPPING, Severity.ERROR, Status.FAIL, "exactly one JSON type"),
                world("uppercase column", schemaText(FakeAws.GOOD_SCHEMA.replace("order_id", "OrderId")),
                        RuleCode.SCHEMA_TYPE_MAPPING, Severity.WARN, Status.FAIL, "lowercase"),
                world("preview unusable", schemaText(FakeAws.GOOD_SCHEMA.replace("event_time", "created")),
                        RuleCode.SCHEMA_PREVIEW, Severity.INFO, Status.FAIL, "PARTITION_COLUMN"),
                spec("bad names", s -> Specs.names(s, "Sales-EU", "_orders"), RuleCode.TABLE_NAMES_VALID, Severity.ERROR, Status.FAIL, "namespace=sales_eu"),
                world("no table bucket", w -> w.tableBucket = Optional.empty(), RuleCode.TABLE_BUCKET_EXISTS, Severity.ERROR, Status.FAIL, "Create the S3 table bucket"),
                spec("bucket in another region", s -> Specs.infra(s, "arn:aws:s3tables:eu-west-1:123456789012:bucket/lake", TestSpecs.KMS_ARN,
                        s.infrastructure().logGroup()), RuleCode.TABLE_BUCKET_REGION, Severity.ERROR, Status.FAIL, "us-east-1"),
                spec("bucket in another account", s -> Specs.infra(s, "arn:aws:s3tables:us-east-1:999999999999:bucket/lake", TestSpecs.KMS_ARN,
                        s.infrastructure().logGroup()), RuleCode.TABLE_BUCKET_ACCOUNT, Severity.WARN, Status.FAIL, "table-bucket policy"),
                world("namespace unknowable", w -> w.tableBucket = Optional.empty(), RuleCode.NAMESPACE_EXISTS, Severity.INFO, Status.UNKNOWN, "Create the table bucket"),
                world("table exists", w -> w.tables.add("sales.orders"), RuleCode.TABLE_NOT_EXISTING, Severity.ERROR, Status.FAIL,
                        "table=<new name>", MANAGED_SERVICE_FOR_APACHE_FLINK),
                spec("freshness 60", s -> Specs.freshness(s, 60), RuleCode.FRESHNESS_RANGE, Severity.ERROR, Status.FAIL, "between 300 and 900"),
                spec("freshness 901", s -> Specs.freshness(s, 901), RuleCode.FRESHNESS_RANGE, Severity.ERROR, Status.FAIL, "between 300 and 900"),
                new Case("slow topic at 300", w -> w.bytesIn = Optional.of(1.0e6), s -> Specs.freshness(s, 300), Set.of(), Map.of(),
                        RuleCode.FRESHNESS_THROUGHPUT, Severity.WARN, Status.FAIL, "freshness=600", List.of()),
                new Case("no metrics at 300", w -> w.bytesIn = Optional.empty(), s -> Specs.freshness(s, 300), Set.of(), Map.of(),
                        RuleCode.FRESHNESS_THROUGHPUT, Severity.WARN, Status.UNKNOWN, "PER_TOPIC_PER_BROKER", List.of()),
                world("cluster quota full", w -> w.channelsOnCluster = 20, RuleCode.QUOTA_CHANNELS_PER_CLUSTER, Severity.ERROR, Status.FAIL, "quota increase"),
                world("quota name unknown", w -> w.quotas.remove("Channels per cluster"), RuleCode.QUOTA_CHANNELS_PER_CLUSTER, Severity.ERROR,
                        Status.UNKNOWN, "QUOTA_NAME_CHANNELS_PER_CLUSTER"),
                world("topic quota full", w -> w.channelsOnTopic = 5, RuleCode.QUOTA_CHANNELS_PER_TOPIC, Severity.ERROR, Status.FAIL, "Delete unused channels"),
                world("no dlq bucket", w -> w.dlqRegion = Optional.empty(), RuleCode.DLQ_BUCKET_EXISTS, Severity.ERROR, Status.FAIL, "Create the bucket"),
                world("dlq elsewhere", w -> w.dlqRegion = Optional.of("eu-west-1"), RuleCode.DLQ_BUCKET_REGION, Severity.WARN, Status.FAIL, "us-east-1"),
                world("dlq unencrypted", w -> w.dlqEncryption = Facts.BucketEncryption.of("", ""), RuleCode.DLQ_ENCRYPTION, Severity.ERROR,
                        Status.FAIL, "Enable default encryption"),
                world("dlq not logged", w -> w.dlqLogging = false, RuleCode.DLQ_ACCESS_LOGGING, Severity.WARN, Status.FAIL, "server access logging"),
                spec("bad log group", s -> Specs.infra(s, TestSpecs.TABLE_BUCKET_ARN, TestSpecs.KMS_ARN, "/aws/msk/bad name"),
                        RuleCode.LOG_GROUP_NAME, Severity.ERROR, Status.FAIL, "LogGroupPrefix"),
                world("log group without key", w -> w.logGroups.put(TestSpecs.orders().infrastructure().logGroup(),
                        new Facts.LogGroup(TestSpecs.orders().infrastructure().logGroup(), null, 30)),
                        RuleCode.LOG_GROUP_ENCRYPTION, Severity.WARN, Status.FAIL, "associate-kms-key"),
                world("trust without conditions", w -> w.role = Optional.of(new Facts.Role(TestSpecs.ROLE_ARN, "r",
                        "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":{\"Service\":[\"kafka.amazonaws.com\"]},\"Action\":[\"sts:AssumeRole\"]}}")),
                        RuleCode.ROLE_TRUST, Severity.ERROR, Status.FAIL, "aws:SourceArn="),
                world("trust wrong service", w -> w.role = Optional.of(new Facts.Role(TestSpecs.ROLE_ARN, "r",
                        FakeAws.GOOD_TRUST.replace("kafka.amazonaws.com", "lambda.amazonaws.com"))),
                        RuleCode.ROLE_TRUST, Severity.ERROR, Status.FAIL, "Allow kafka.amazonaws.com"),
                world("trust for another account", w -> w.role = Optional.of(new Facts.Role(TestSpecs.ROLE_ARN, "r",
                        FakeAws.GOOD_TRUST.replace("arn:aws:kafka:us-east-1:123456789012:channel/*", "arn:aws:kafka:us-east-1:999999999999:channel/*")
                                .replace("\"aws:SourceAccount\":\"123456789012\"", "\"aws:SourceAccount\":\"999999999999\""))),
                        RuleCode.ROLE_TRUST, Severity.ERROR, Status.FAIL, "aws:SourceAccount=123456789012"),
                world("no role", w -> w.role = Optional.empty(), RuleCode.ROLE_TRUST, Severity.ERROR, Status.FAIL, "ServiceRoleArn"),
                world("no PutTableData", w -> w.deniedActions.add("s3tables:PutTableData"), RuleCode.ROLE_PERMISSIONS, Severity.ERROR, Status.FAIL,
                        "s3tables:PutTableData on " + TestSpecs.TABLE_BUCKET_ARN + "/table/*"),
                world("no kms", w -> w.deniedActions.add("kms:GenerateDataKey"), RuleCode.ROLE_KMS_PERMISSIONS, Severity.ERROR, Status.FAIL,
                        "kms:GenerateDataKey on " + TestSpecs.KMS_ARN),
                new Case("no kms for dlq key", w -> {
                    w.dlqEncryption = Facts.BucketEncryption.of("aws:kms", "abcd-1234");
                    w.deniedActions.add("kms:Decrypt");
                }, s -> Specs.infra(s, TestSpecs.TABLE_BUCKET_ARN, "", s.infrastructure().logGroup()), Set.of(), Map.of(),
                        RuleCode.ROLE_KMS_PERMISSIONS, Severity.ERROR, Status.FAIL, "arn:aws:kms:us-east-1:123456789012:key/abcd-1234", List.of()));
    }

    static Stream<Case> unknowns() {
        return Stream.of(
                world("describe cluster denied", w -> w.failures.put("DescribeClusterV2", FakeAws.denied("MSK", "DescribeClusterV2", "kafka:DescribeClusterV2")),
                        RuleCode.CLUSTER_EXPRESS, Severity.ERROR, Status.UNKNOWN, "Grant kafka:DescribeClusterV2"),
                world("describe topic throttled", w -> w.failures.put("DescribeTopic", FakeAws.throttled("MSK", "DescribeTopic", "kafka:DescribeTopic")),
                        RuleCode.TOPIC_EXISTS, Severity.ERROR, Status.UNKNOWN, "Validate again later"),
                world("glue denied: exists", w -> w.failures.put("GetSchema", FakeAws.denied("Glue", "GetSchema", "glue:GetSchema")),
                        RuleCode.SCHEMA_EXISTS, Severity.ERROR, Status.UNKNOWN, "Grant glue:GetSchema"),
                world("glue denied: format", w -> w.failures.put("GetSchema", FakeAws.denied("Glue", "GetSchema", "glue:GetSchema")),
                        RuleCode.SCHEMA_DATA_FORMAT, Severity.ERROR, Status.UNKNOWN, "Grant glue:GetSchema"),
                world("glue denied: definition", w -> w.failures.put("GetSchema", FakeAws.denied("Glue", "GetSchema", "glue:GetSchema")),
                        RuleCode.SCHEMA_DEFINITION, Severity.ERROR, Status.UNKNOWN, "glue:GetSchemaVersion"),
                world("glue denied: partition", w -> w.failures.put("GetSchema", FakeAws.denied("Glue", "GetSchema", "glue:GetSchema")),
                        RuleCode.PARTITION_COLUMN, Severity.ERROR, Status.UNKNOWN, "glue:GetSchemaVersion"),
                world("table bucket denied", w -> w.failures.put("GetTableBucket", FakeAws.denied("S3 Tables", "GetTableBucket", "s3tables:GetTableBucket")),
                        RuleCode.TABLE_BUCKET_EXISTS, Severity.ERROR, Status.UNKNOWN, "Grant s3tables:GetTableBucket"),
                world("get table denied", w -> w.failures.put("GetTable", FakeAws.denied("S3 Tables", "GetTable", "s3tables:GetTable")),
                        RuleCode.TABLE_NOT_EXISTING, Severity.ERROR, Status.UNKNOWN, "Grant s3tables:GetTable"),
                world("namespace denied", w -> w.failures.put("GetNamespace", FakeAws.denied("S3 Tables", "GetNamespace", "s3tables:GetNamespace")),
                        RuleCode.NAMESPACE_EXISTS, Severity.INFO, Status.UNKNOWN, "Grant s3tables:GetNamespace"),
                world("quotas denied", w -> w.failures.put("ListServiceQuotas", FakeAws.denied("Service Quotas", "ListServiceQuotas", "servicequotas:ListServiceQuotas")),
                        RuleCode.QUOTA_CHANNELS_PER_TOPIC, Severity.ERROR, Status.UNKNOWN, "Grant servicequotas:ListServiceQuotas"),
                world("list channels denied", w -> w.failures.put("ListChannels", FakeAws.denied("MSK", "ListChannels", "kafka:ListChannels")),
                        RuleCode.QUOTA_CHANNELS_PER_CLUSTER, Severity.ERROR, Status.UNKNOWN, "Grant kafka:ListChannels"),
                world("bucket location denied", w -> w.failures.put("GetBucketLocation", FakeAws.denied("S3", "GetBucketLocation", "s3:GetBucketLocation")),
                        RuleCode.DLQ_BUCKET_EXISTS, Severity.ERROR, Status.UNKNOWN, "Grant s3:GetBucketLocation"),
                world("bucket encryption denied", w -> w.failures.put("GetBucketEncryption", FakeAws.denied("S3", "GetBucketEncryption", "s3:GetEncryptionConfiguration")),
                        RuleCode.DLQ_ENCRYPTION, Severity.ERROR, Status.UNKNOWN, "Grant s3:GetEncryptionConfiguration"),
                world("bucket logging throttled", w -> w.failures.put("GetBucketLogging", FakeAws.throttled("S3", "GetBucketLogging", "s3:GetBucketLogging")),
                        RuleCode.DLQ_ACCESS_LOGGING, Severity.WARN, Status.UNKNOWN, "s3:GetBucketLogging"),
                world("log groups denied", w -> w.failures.put("DescribeLogGroups", FakeAws.denied("CloudWatch Logs", "DescribeLogGroups", "logs:DescribeLogGroups")),
                        RuleCode.LOG_GROUP_ENCRYPTION, Severity.WARN, Status.UNKNOWN, "Grant logs:DescribeLogGroups"),
                world("get role denied", w -> w.failures.put("GetRole", FakeAws.denied("IAM", "GetRole", "iam:GetRole")),
                        RuleCode.ROLE_TRUST, Severity.ERROR, Status.UNKNOWN, "Grant iam:GetRole"),
                world("simulation denied", w -> w.failures.put("SimulatePrincipalPolicy", FakeAws.denied("IAM", "SimulatePrincipalPolicy", "iam:SimulatePrincipalPolicy")),
                        RuleCode.ROLE_PERMISSIONS, Severity.ERROR, Status.UNKNOWN, "Grant iam:SimulatePrincipalPolicy"),
                world("table bucket encryption denied", w -> w.failures.put("GetTableBucketEncryption",
                        FakeAws.denied("S3 Tables", "GetTableBucketEncryption", "s3tables:GetTableBucketEncryption")),
                        RuleCode.ROLE_KMS_PERMISSIONS, Severity.ERROR, Status.UNKNOWN, "Grant s3tables:GetTableBucketEncryption"),
                new Case("metrics denied at 300", w -> w.failures.put("GetMetricData", FakeAws.denied("CloudWatch", "GetMetricData", "cloudwatch:GetMetricData")),
                        s -> Specs.freshness(s, 300), Set.of(), Map.of(), RuleCode.FRESHNESS_THROUGHPUT, Severity.WARN, Status.UNKNOWN,
                        "Grant cloudwatch:GetMetricData", List.of()));
    }

    private static ValidationReport run(Case c) {
        FakeAws aws = new FakeAws();
        c.world().accept(aws);
        Map<String, String> env = c.env().isEmpty() ? TestSpecs.env() : c.env();
        StackSettings stack = StackSettings.from(env);
        ValidationContext ctx = new ValidationContext(c.spec().apply(TestSpecs.orders()), stack, c.needs(), ValidationSettings.from(Map.of()),
                aws.gateways());
        return ValidationEngine.standard().run(ctx);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"failures", "unknowns"})
    void shouldReportTheCodeAndTheFixWhenARuleFailsOrCannotRun(Case c) {
        // when
        ValidationReport report = run(c);
        // then
        assertThat(report.findings(c.code())).as(report.findings(c.code()).toString()).anySatisfy(f -> {
            assertThat(f.status()).isEqualTo(c.status());
            assertThat(f.severity()).isEqualTo(c.severity());
            assertThat(f.remediation()).contains(c.fix());
            assertThat(f.alternatives()).containsExactlyElementsOf(c.alternatives());
        });
        if (c.severity() == Severity.ERROR) {
            assertThat(report.verdict()).isEqualTo(c.status() == Status.FAIL ? ValidationReport.Verdict.FAIL : ValidationReport.Verdict.INCOMPLETE);
            assertThat(report.passed()).isFalse();
        }
    }

    @Test
    void shouldPassEveryRuleWhenTheWorldIsRight() {
        // given the default world and spec; when
        ValidationReport report = run(world("all good", w -> { }, RuleCode.CLUSTER_EXPRESS, Severity.ERROR, Status.PASS, ""));
        // then every rule ran and passed
        assertThat(report.findings()).allSatisfy(f -> assertThat(f.status()).as(f.toString()).isEqualTo(Status.PASS));
        assertThat(report.findings()).extracting(Finding::code).containsAll(
                Stream.of(RuleCode.values()).filter(c -> c != RuleCode.CHECK_FAILED).toList());
        assertThat(report.verdict()).isEqualTo(ValidationReport.Verdict.PASS);
        assertThat(report.passed()).isTrue();
        assertThat(report.findings(RuleCode.SCHEMA_PREVIEW).get(0).message()).contains("event_time: required timestamptz");
        assertThat(report.findings(RuleCode.SCHEMA_DEFINITION).get(0).message()).contains("draft-07");
    }

    @Test
    void shouldPassThroughputAndCompressionWhenTheTopicIsBusyAndSnappyIsChosen() {
        ValidationReport report = run(new Case("busy", w -> w.bytesIn = Optional.of(3.0e6),
                s -> Specs.format(Specs.freshness(s, 300), RecordFormat.GSR, Compression.SNAPPY), Set.of(), Map.of(),
                RuleCode.FRESHNESS_THROUGHPUT, Severity.WARN, Status.PASS, "", List.of()));
        assertThat(report.findings(RuleCode.FRESHNESS_THROUGHPUT)).singleElement().satisfies(f -> assertThat(f.status()).isEqualTo(Status.PASS));
        assertThat(report.findings(RuleCode.COMPRESSION_SUPPORTED)).singleElement().satisfies(f -> assertThat(f.status()).isEqualTo(Status.PASS));
        assertThat(report.verdict()).isEqualTo(ValidationReport.Verdict.PASS);
    }

    @Test
    void shouldAcceptTheExistingTableOnlyWhenCompletingTheChannelThatCreatedIt() {
        // given the table exists (the channel delivered before its provisioning finished)
        FakeAws aws = new FakeAws();
        aws.tables.add("sales.orders");
        ValidationContext fresh = new ValidationContext(TestSpecs.orders(), TestSpecs.stack(), Set.of(), ValidationSettings.from(Map.of()), aws.gateways());
        ValidationContext completing = new ValidationContext(TestSpecs.orders(), TestSpecs.stack(), Set.of(), ValidationSettings.from(Map.of()), aws.gateways())
                .completingOwnChannel(true);
        // then a new channel is refused, the channel completing itself is not
        assertThat(ValidationEngine.standard().run(fresh).findings(RuleCode.TABLE_NOT_EXISTING))
                .singleElement().satisfies(f -> assertThat(f.status()).isEqualTo(Status.FAIL));
        assertThat(ValidationEngine.standard().run(completing).findings(RuleCode.TABLE_NOT_EXISTING))
                .singleElement().satisfies(f -> {
                    assertThat(f.status()).isEqualTo(Status.PASS);
                    assertThat(f.message()).contains("its own");
                });
    }

    @Test
    void shouldFetchEachAwsFactOnceAndRunAllRulesEvenWhenManyFail() {
        FakeAws aws = new FakeAws();
        aws.cluster = new Facts.Cluster(TestSpecs.CLUSTER_ARN, "SERVERLESS", "ACTIVE", "", Map.of());
        aws.schema = Optional.empty();
        ValidationContext ctx = new ValidationContext(TestSpecs.orders(), TestSpecs.stack(), Set.of(), ValidationSettings.from(Map.of()), aws.gateways());

        ValidationReport report = ValidationEngine.standard().run(ctx);

        assertThat(report.findings()).extracting(Finding::code).contains(RuleCode.ROLE_KMS_PERMISSIONS, RuleCode.TOPIC_EXISTS);
        assertThat(aws.calls).containsOnlyOnce("DescribeClusterV2", "GetSchema", "GetRole", "GetTableBucket", "GetBucketEncryption");
        assertThat(report.errors()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void shouldReportACrashingRuleAsUnknownWithoutLosingTheOthers() {
        Check boom = new Check() {
            public RuleCode code() {
                return RuleCode.TOPIC_EXISTS;
            }

            public List<Finding> evaluate(ValidationContext ctx) {
                throw new IllegalStateException("bug");
            }
        };
        ValidationEngine engine = new ValidationEngine(List.of(boom, ClusterChecks.allowed()));
        ValidationReport report = engine.run(new ValidationContext(TestSpecs.orders(), TestSpecs.stack(), Set.of(),
                ValidationSettings.from(Map.of()), new FakeAws().gateways()));
        assertThat(report.findings()).extracting(Finding::code).containsExactly(RuleCode.CHECK_FAILED, RuleCode.CLUSTER_ALLOWED);
        assertThat(report.findings().get(0).status()).isEqualTo(Status.UNKNOWN);
        assertThat(report.findings().get(0).remediation()).contains("TOPIC_EXISTS");
        assertThat(report.verdict()).isEqualTo(ValidationReport.Verdict.INCOMPLETE);
    }
}
