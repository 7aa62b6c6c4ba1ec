package io.channelpilot.reconcile;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.priming.Priming;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sns.SnsClient;

/** SnapStart priming of reconcile: the on-demand sample parsed, a report written, one request per client. */
final class ReconcilePriming {

    private static final ObjectMapper JSON = SweepJson.MAPPER;

    private ReconcilePriming() {
    }

    static Priming create(Map<String, String> env) {
        return Priming.forFunction("reconcile", env)
                .json("SweepRequest from events/reconcile/on-demand.json", () -> SweepRequest.parse(
                        JSON.readTree(Priming.resource("priming/on-demand.json")), Instant.EPOCH, Duration.ofMinutes(15)))
                .json("SweepReport to JSON", () -> JSON.writeValueAsString(new SweepReport("priming", Instant.EPOCH, List.of(),
                        List.of(), Map.of("kafka:ListTopics", 1L), RetentionSummary.NONE, false)))
                .sdk("kafka:ListClustersV2", KafkaClient::builder, c -> c.listClustersV2(r -> r.maxResults(1)))
                .sdk("states:ListExecutions", SfnClient::builder, c -> c.listExecutions(r -> r
                        .stateMachineArn("arn:aws:states:us-east-1:123456789012:stateMachine:priming")))
                .sdk("dynamodb:GetItem", DynamoDbClient::builder, c -> c.getItem(r -> r.tableName("priming")
                        .key(Map.of("pk", AttributeValue.fromS("priming"), "sk", AttributeValue.fromS("priming")))))
                .sdk("sns:Publish", SnsClient::builder,
                        c -> c.publish(r -> r.topicArn("arn:aws:sns:us-east-1:123456789012:priming").message("priming")))
                .build();
    }

    static Priming register(Map<String, String> env) {
        return create(env).register();
    }
}
