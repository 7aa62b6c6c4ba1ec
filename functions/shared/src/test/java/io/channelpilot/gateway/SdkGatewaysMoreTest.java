package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.gateway.LoopbackAws.Response;
import io.channelpilot.model.TestSpecs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** More SDK gateways against the loopback fake: S3 Tables, CloudWatch Logs, IAM simulation, unreachable endpoints. */
class SdkGatewaysMoreTest {

    @SuppressWarnings("unchecked")
    private static <T> T ok(GatewayResult<T> result) {
        assertThat(result).isInstanceOf(GatewayResult.Ok.class);
        return ((GatewayResult.Ok<T>) result).value();
    }

    @Test
    void shouldMapTheTableBucketAndTreatNotFoundTablesAsAbsent() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> r.path().startsWith("/buckets/")
                ? Response.json(200, "{\"arn\":\"" + TestSpecs.TABLE_BUCKET_ARN + "\",\"name\":\"lake\",\"ownerAccountId\":\"123456789012\"}")
                : Response.error(404, "NotFoundException"))) {
            SdkTablesGateway tables = new SdkTablesGateway(AwsClients.from(aws.config()).s3Tables());

            Facts.TableBucket bucket = ok(tables.tableBucket(TestSpecs.TABLE_BUCKET_ARN)).orElseThrow();
            assertThat(bucket.name()).isEqualTo("lake");
            assertThat(bucket.ownerAccountId()).isEqualTo("123456789012");
            assertThat(aws.requests().get(0).path()).isEqualTo("/buckets/" + TestSpecs.TABLE_BUCKET_ARN);

            assertThat(ok(tables.table(TestSpecs.TABLE_BUCKET_ARN, "sales", "orders"))).isEmpty();
            assertThat(ok(tables.namespaceExists(TestSpecs.TABLE_BUCKET_ARN, "sales"))).isFalse();
        }
    }

    @Test
    void shouldPickTheExactLogGroupFromAPrefixSearch() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> Response.json(200, "{\"logGroups\":["
                + "{\"logGroupName\":\"/aws/msk/streaming-tables/orders-1-old\",\"retentionInDays\":7},"
                + "{\"logGroupName\":\"/aws/msk/streaming-tables/orders-1\",\"kmsKeyId\":\"" + TestSpecs.KMS_ARN + "\",\"retentionInDays\":30}]}"))) {
            Facts.LogGroup group = ok(new SdkLogsGateway(AwsClients.from(aws.config()).logs()).logGroup("/aws/msk/streaming-tables/orders-1"))
                    .orElseThrow();
            assertThat(group.kmsKey()).contains(TestSpecs.KMS_ARN);
            assertThat(group.retentionDays()).isEqualTo(30);
            assertThat(aws.requests().get(0).target()).isEqualTo("Logs_20140328.DescribeLogGroups");
            assertThat(aws.requests().get(0).body()).contains("\"logGroupNamePrefix\":\"/aws/msk/streaming-tables/orders-1\"");
        }
    }

    @Test
    void shouldReturnOnlyTheActionsThePolicySimulationDoesNotAllow() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> Response.xml(200,
                "<SimulatePrincipalPolicyResponse xmlns=\"https://iam.amazonaws.com/doc/2010-05-08/\"><SimulatePrincipalPolicyResult>"
                        + "<IsTruncated>false</IsTruncated><EvaluationResults>"
                        + "<member><EvalActionName>s3:PutObject</EvalActionName><EvalResourceName>arn:aws:s3:::dlq/*</EvalResourceName>"
                        + "<EvalDecision>implicitDeny</EvalDecision></member>"
                        + "<member><EvalActionName>s3:ListBucket</EvalActionName><EvalResourceName>arn:aws:s3:::dlq/*</EvalResourceName>"
                        + "<EvalDecision>allowed</EvalDecision></member>"
                        + "</EvaluationResults></SimulatePrincipalPolicyResult></SimulatePrincipalPolicyResponse>"))) {
            List<Facts.Denial> denied = ok(new SdkIamGateway(AwsClients.from(aws.config()).iam())
                    .simulate(TestSpecs.ROLE_ARN, List.of("s3:PutObject", "s3:ListBucket"), "arn:aws:s3:::dlq/*"));
            assertThat(denied).containsExactly(new Facts.Denial("s3:PutObject", "arn:aws:s3:::dlq/*", "implicitDeny"));
            assertThat(aws.requests().get(0).body()).contains("Action=SimulatePrincipalPolicy").contains("ActionNames.member.1=s3%3APutObject");
        }
    }

    @Test
    void shouldClassifyAnUnreachableEndpointAsUnavailable() {
        Map<String, String> config = Map.of("AWS_REGION", "us-east-1", "AWS_ENDPOINT_URL", "http://127.0.0.1:9",
                "AWS_ACCESS_KEY_ID", "test", "AWS_SECRET_ACCESS_KEY", "test", "AWS_MAX_ATTEMPTS", "1");
        GatewayResult<Facts.Cluster> result = new SdkMskGateway(AwsClients.from(config).kafka()).describeCluster(TestSpecs.CLUSTER_ARN);
        assertThat(result).isInstanceOfSatisfying(GatewayResult.Failed.class, f -> {
            assertThat(f.failure().kind()).isEqualTo(AwsErrorKind.UNAVAILABLE);
            assertThat(f.failure().remediation()).contains("kafka:DescribeClusterV2");
        });
    }

    @Test
    void shouldPreferTheServiceSpecificEndpoint() {
        AwsClients clients = AwsClients.from(Map.of("AWS_REGION", "us-east-1", "AWS_ENDPOINT_URL", "http://127.0.0.1:1",
                "AWS_ENDPOINT_URL_KAFKA", "http://127.0.0.1:2"));
        assertThat(clients.endpoint("KAFKA")).hasValueSatisfying(u -> assertThat(u.getPort()).isEqualTo(2));
        assertThat(clients.endpoint("GLUE")).hasValueSatisfying(u -> assertThat(u.getPort()).isEqualTo(1));
        assertThat(AwsClients.from(Map.of("AWS_REGION", "eu-west-1")).endpoint("S3")).isEmpty();
    }

    @Test
    void shouldUseStaticCredentialsOnlyWithAnEndpointOverride() {
        Map<String, String> lambdaLike = Map.of("AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "AKIA", "AWS_SECRET_ACCESS_KEY", "s");
        assertThat(AwsClients.from(lambdaLike).credentialsProvider())
                .isInstanceOf(software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider.class);
        Map<String, String> local = Map.of("AWS_REGION", "us-east-1", "AWS_ENDPOINT_URL", "http://127.0.0.1:1",
                "AWS_ACCESS_KEY_ID", "test", "AWS_SECRET_ACCESS_KEY", "test");
        assertThat(AwsClients.from(local).credentialsProvider().resolveCredentials().accessKeyId()).isEqualTo("test");
    }
}
