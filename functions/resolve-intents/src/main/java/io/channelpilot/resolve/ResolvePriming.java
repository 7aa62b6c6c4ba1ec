package io.channelpilot.resolve;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.priming.Priming;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.kafka.KafkaClient;

/** SnapStart priming of resolve-intents: a CloudTrail trigger parsed, a result written, one request per client. */
final class ResolvePriming {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ResolvePriming() {
    }

    public static Priming create(Map<String, String> env) {
        return Priming.forFunction("resolve-intents", env)
                .json("trigger from events/resolve-intents/cloudtrail-create-topic-control-plane.json", () -> TriggerParser.parse(
                        TriggerParser.trigger(JSON.readTree(Priming.resource("priming/cloudtrail-create-topic-control-plane.json")))))
                .json("ResolveResult to JSON", () -> JSON.writeValueAsString(new ResolveResult(List.of(), List.of(),
                        List.of(new ResolveError(ResolveErrorCode.values()[0], "priming", "priming", "priming")), "priming")))
                .sdk("kafka:DescribeClusterV2", KafkaClient::builder, c -> c.describeClusterV2(r -> r.clusterArn("arn:aws:kafka:us-east-1:123456789012:cluster/priming/00000000-0000-0000-0000-000000000000-1")))
                .sdk("dynamodb:GetItem", DynamoDbClient::builder, c -> c.getItem(r -> r.tableName("priming")
                        .key(Map.of("pk", AttributeValue.fromS("priming"), "sk", AttributeValue.fromS("priming")))))
                .build();
    }

    public static Priming register(Map<String, String> env) {
        return create(env).register();
    }
}
