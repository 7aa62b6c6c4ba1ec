package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.gateway.LoopbackAws.Response;
import io.channelpilot.model.TestSpecs;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.kafka.KafkaClient;

/** The SDK gateways against a loopback fake: request shape, response mapping, and error classification. */
class SdkGatewaysTest {

    private static final String CLUSTER = TestSpecs.CLUSTER_ARN;

    private static <T> T ok(GatewayResult<T> result) {
        assertThat(result).isInstanceOf(GatewayResult.Ok.class);
        return ((GatewayResult.Ok<T>) result).value();
    }

    private static GatewayFailure failed(GatewayResult<?> result) {
        assertThat(result).isInstanceOf(GatewayResult.Failed.class);
        return ((GatewayResult.Failed<?>) result).failure();
    }

    @Test
    void shouldMapDescribeClusterV2AndSendTheEncodedArnInThePath() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> Response.json(200, "{\"clusterInfo\":{\"clusterArn\":\"" + CLUSTER
                + "\",\"clusterName\":\"demo\",\"clusterType\":\"PROVISIONED\",\"state\":\"ACTIVE\",\"creationTime\":\"2026-05-01T10:00:00Z\","
                + "\"provisioned\":{\"brokerNodeGroupInfo\":{\"instanceType\":\"express.m7g.large\",\"clientSubnets\":[\"s\"]}},"
                + "\"tags\":{\"channel-pilot/orders\":\"topic=orders\"}}}"))) {
            SdkMskGateway msk = new SdkMskGateway(AwsClients.from(aws.config()).kafka());

            Facts.Cluster cluster = ok(msk.describeCluster(CLUSTER));

            assertThat(cluster.isExpress()).isTrue();
            assertThat(cluster.tags()).containsEntry("channel-pilot/orders", "topic=orders");
            assertThat(aws.requests()).singleElement().satisfies(r -> {
                assertThat(r.method()).isEqualTo("GET");
                assertThat(r.rawPath()).isEqualTo("/api/v2/clusters/arn%3Aaws%3Akafka%3Aus-east-1%3A123456789012%3Acluster%2Fdemo%2F1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1");
            });
        }
    }

    @Test
    void shouldClassifyForbiddenAsAccessDeniedNamingThePermission() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> Response.error(403, "ForbiddenException"))) {
            GatewayFailure failure = failed(new SdkMskGateway(AwsClients.from(aws.config()).kafka()).describeCluster(CLUSTER));
            assertThat(failure.kind()).isEqualTo(AwsErrorKind.ACCESS_DENIED);
            assertThat(failure.errorCode()).isEqualTo("ForbiddenException");
            assertThat(failure.remediation()).contains("Grant kafka:DescribeClusterV2");
        }
    }

    @Test
    void shouldClassifyTooManyRequestsAsThrottledAndServerErrorsAsUnavailable() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> r.path().contains("/topics/")
                ? Response.error(429, "TooManyRequestsException") : Response.error(503, "ServiceUnavailableException"))) {
            KafkaClient kafka = AwsClients.from(aws.config()).kafka();
            assertThat(failed(new SdkMskGateway(kafka).describeTopic(CLUSTER, "orders")).kind()).isEqualTo(AwsErrorKind.THROTTLED);
            assertThat(failed(new SdkMskGateway(kafka).describeCluster(CLUSTER)).kind()).isEqualTo(AwsErrorKind.UNAVAILABLE);
        }
    }

    @Test
    void shouldTreatNotFoundTopicAsAbsent() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> Response.error(404, "NotFoundException"))) {
            assertThat(ok(new SdkMskGateway(AwsClients.from(aws.config()).kafka()).describeTopic(CLUSTER, "orders"))).isEmpty();
            assertThat(aws.requests().get(0).path()).endsWith("/topics/orders");
        }
    }

    @Test
    void shouldCountChannelsAcrossListChannelsPages() throws Exception {
        String channel = "{\"channelArn\":\"a\",\"channelName\":\"n\",\"status\":\"ACTIVE\",\"creationTime\":\"2026-05-01T10:00:00Z\",\"destinationType\":\"ICEBERG\"}";
        try (LoopbackAws aws = new LoopbackAws(r -> Response.json(200, page(r, channel)))) {
            int count = ok(new SdkMskGateway(AwsClients.from(aws.config()).kafka()).countChannels(CLUSTER, Optional.of("orders")));
            assertThat(count).isEqualTo(3);
            assertThat(aws.requests()).hasSize(2);
            assertThat(aws.requests().get(0).query()).contains("topicNameFilter=orders").contains("maxResults=100");
        }
    }

    private static String page(LoopbackAws.Request r, String channel) {
        return r.query().contains("nextToken=p2")
                ? "{\"channels\":[" + channel + "]}"
                : "{\"channels\":[" + channel + "," + channel + "],\"nextToken\":\"p2\"}";
    }

    @Test
    void shouldReadTheLatestGlueSchemaVersionAndTreatEntityNotFoundAsAbsent() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> {
            if (r.body().contains("missing")) {
                return Response.error(400, "EntityNotFoundException");
            }
            return "AWSGlue.GetSchema".equals(r.target())
                    ? Response.json(200, "{\"SchemaArn\":\"arn:aws:glue:us-east-1:123456789012:schema/reg/orders\",\"DataFormat\":\"JSON\","
                            + "\"SchemaStatus\":\"AVAILABLE\",\"LatestSchemaVersion\":2}")
                    : Response.json(200, "{\"SchemaDefinition\":\"{\\\"type\\\":\\\"object\\\"}\",\"VersionNumber\":2,\"DataFormat\":\"JSON\"}");
        })) {
            SdkSchemaRegistryGateway glue = new SdkSchemaRegistryGateway(AwsClients.from(aws.config()).glue());

            Facts.Schema schema = ok(glue.latestSchema("reg", "orders")).orElseThrow();

            assertThat(schema.isJson()).isTrue();
            assertThat(schema.latestVersion()).isEqualTo(2);
            assertThat(schema.definition()).isEqualTo("{\"type\":\"object\"}");
            assertThat(aws.requests().get(1).body()).contains("\"LatestVersion\":true");
            assertThat(ok(glue.latestSchema("reg", "missing"))).isEmpty();
        }
    }

    @Test
    void shouldMapS3BucketFactsIncludingMissingEncryptionAndLegacyRegion() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> {
            if (r.path().startsWith("/gone")) {
                return Response.xml(404, "<Error><Code>NoSuchBucket</Code><Message>x</Message></Error>");
            }
            return Response.xml(500, "");
        })) {
            SdkBucketGateway s3 = new SdkBucketGateway(AwsClients.from(aws.config()).s3());
            assertThat(ok(s3.region("gone"))).isEmpty();
        }
        try (LoopbackAws aws = new LoopbackAws(r -> Response.xml(404,
                "<Error><Code>ServerSideEncryptionConfigurationNotFoundError</Code><Message>x</Message></Error>"))) {
            Facts.BucketEncryption encryption = ok(new SdkBucketGateway(AwsClients.from(aws.config()).s3()).encryption("dlq"));
            assertThat(encryption.algorithm()).isEqualTo(Facts.BucketEncryption.Algorithm.NONE);
        }
        try (LoopbackAws aws = new LoopbackAws(r -> Response.xml(200,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><LocationConstraint xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">EU</LocationConstraint>"))) {
            assertThat(ok(new SdkBucketGateway(AwsClients.from(aws.config()).s3()).region("dlq"))).contains("eu-west-1");
            assertThat(aws.requests().get(0).path()).startsWith("/dlq");
        }
    }

    @Test
    void shouldDecodeTheTrustPolicyFromIamGetRole() throws Exception {
        String encoded = java.net.URLEncoder.encode("{\"Statement\":[]}", java.nio.charset.StandardCharsets.UTF_8);
        try (LoopbackAws aws = new LoopbackAws(r -> Response.xml(200, "<GetRoleResponse xmlns=\"https://iam.amazonaws.com/doc/2010-05-08/\"><GetRoleResult><Role>"
                + "<Path>/</Path><RoleName>r</RoleName><RoleId>AROA1</RoleId><Arn>arn:aws:iam::123456789012:role/r</Arn>"
                + "<CreateDate>2026-01-01T00:00:00Z</CreateDate><AssumeRolePolicyDocument>" + encoded + "</AssumeRolePolicyDocument>"
                + "</Role></GetRoleResult></GetRoleResponse>"))) {
            Facts.Role role = ok(new SdkIamGateway(AwsClients.from(aws.config()).iam()).role("r")).orElseThrow();
            assertThat(role.trustPolicy()).isEqualTo("{\"Statement\":[]}");
            assertThat(aws.requests().get(0).body()).contains("Action=GetRole").contains("RoleName=r");
        }
    }

    @Test
    void shouldFindAQuotaByNameAndFallBackToTheAwsDefault() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> "ServiceQuotasV20190624.ListServiceQuotas".equals(r.target())
                ? Response.json(200, "{\"Quotas\":[{\"QuotaName\":\"Other\",\"Value\":1.0}]}")
                : Response.json(200, "{\"Quotas\":[{\"QuotaName\":\"Channels per cluster\",\"Value\":20.0}]}"))) {
            SdkQuotaGateway quotas = new SdkQuotaGateway(AwsClients.from(aws.config()).serviceQuotas());
            assertThat(ok(quotas.quotaByName("kafka", "channels per cluster"))).contains(20.0);
            assertThat(ok(quotas.quotaByName("kafka", "No such quota"))).isEmpty();
            assertThat(aws.requests().get(0).body()).contains("\"ServiceCode\":\"kafka\"");
        }
    }
}
