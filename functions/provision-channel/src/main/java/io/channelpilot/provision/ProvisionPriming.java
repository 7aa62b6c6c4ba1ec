package io.channelpilot.provision;

import io.channelpilot.workflow.WorkflowJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.notification.ItemState;
import io.channelpilot.priming.Priming;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.lakeformation.LakeFormationClient;
import software.amazon.awssdk.services.s3tables.S3TablesClient;

/** SnapStart priming of provision-channel: the CREATE sample in, a result out, one request per client. */
final class ProvisionPriming {

    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/priming/00000000-0000-0000-0000-000000000000-1";

    private ProvisionPriming() {
    }

    public static Priming create(Map<String, String> env) {
        ObjectMapper mapper = WorkflowJson.mapper();
        return Priming.forFunction("provision-channel", env)
                .json("ProvisionRequest from events/provision-channel/create.json",
                        () -> ProvisionRequest.from(mapper.readTree(Priming.resource("priming/create.json")), mapper))
                .json("ProvisionResult to JSON", () -> mapper.writeValueAsString(new ProvisionResult(ProvisionAction.CREATE,
                        "", "priming", CLUSTER, false, "", List.of("priming"), List.of(), "")))
                .sdk("kafka:ListChannels", KafkaClient::builder, c -> c.listChannels(r -> r.clusterArn(CLUSTER)))
                .sdk("logs:DescribeLogGroups", CloudWatchLogsClient::builder, c -> c.describeLogGroups(r -> r.logGroupNamePrefix("/priming")))
                .sdk("cloudwatch:DescribeAlarms", CloudWatchClient::builder, c -> c.describeAlarms(r -> r.alarmNamePrefix("priming")))
                .sdk("lakeformation:GetDataLakeSettings", LakeFormationClient::builder, c -> c.getDataLakeSettings(r -> { }))
                .sdk("s3tables:GetNamespace", S3TablesClient::builder, c -> c.getNamespace(r -> r
                        .tableBucketARN("arn:aws:s3tables:us-east-1:123456789012:bucket/priming").namespace("priming")))
                .sdk("dynamodb:GetItem", DynamoDbClient::builder, c -> c.getItem(r -> r.tableName("priming")
                        .key(Map.of("pk", AttributeValue.fromS("priming"), "sk", AttributeValue.fromS("priming")))))
                .build();
    }

    public static Priming register(Map<String, String> env) {
        return create(env).register();
    }
}
