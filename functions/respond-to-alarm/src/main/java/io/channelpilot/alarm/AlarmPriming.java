package io.channelpilot.alarm;

import io.channelpilot.workflow.WorkflowJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.priming.Priming;
import java.util.Map;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sns.SnsClient;

/** SnapStart priming of respond-to-alarm: the DLQ alarm sample parsed, a response out, one request per client. */
final class AlarmPriming {

    private AlarmPriming() {
    }

    static Priming create(Map<String, String> env) {
        ObjectMapper mapper = WorkflowJson.mapper();
        return Priming.forFunction("respond-to-alarm", env)
                .json("AlarmEvent from events/respond-to-alarm/dlq-delivery-alarm.json",
                        () -> AlarmEvent.parse(mapper.readTree(Priming.resource("priming/dlq-delivery-alarm.json"))))
                .json("AlarmResponse to JSON", () -> mapper.writeValueAsString(AlarmResponse.of("IGNORED", "priming", "priming")))
                .sdk("kafka:ListChannels", KafkaClient::builder, c -> c.listChannels(r -> r.clusterArn("arn:aws:kafka:us-east-1:123456789012:cluster/priming/00000000-0000-0000-0000-000000000000-1")))
                .sdk("cloudwatch:DescribeAlarms", CloudWatchClient::builder, c -> c.describeAlarms(r -> r.alarmNamePrefix("priming")))
                .sdk("s3:ListObjectsV2", S3Client::builder, c -> c.listObjectsV2(r -> r.bucket("priming").prefix("priming/")))
                .sdk("dynamodb:GetItem", DynamoDbClient::builder, c -> c.getItem(r -> r.tableName("priming")
                        .key(Map.of("pk", AttributeValue.fromS("priming"), "sk", AttributeValue.fromS("priming")))))
                .sdk("sns:Publish", SnsClient::builder,
                        c -> c.publish(r -> r.topicArn("arn:aws:sns:us-east-1:123456789012:priming").message("priming")))
                .sdk("states:StartExecution", SfnClient::builder, c -> c.startExecution(r -> r
                        .stateMachineArn("arn:aws:states:us-east-1:123456789012:stateMachine:priming").name("priming").input("{}")))
                .build();
    }

    static Priming register(Map<String, String> env) {
        return create(env).register();
    }
}
