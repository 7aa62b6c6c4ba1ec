package io.channelpilot.poll;

import io.channelpilot.workflow.WorkflowJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.notification.ItemState;
import io.channelpilot.priming.Priming;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.kafka.KafkaClient;

/** SnapStart priming of poll-channel: the ACTIVE sample in, a result out, one request per client. */
final class PollPriming {

    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/priming/00000000-0000-0000-0000-000000000000-1";

    private PollPriming() {
    }

    public static Priming create(Map<String, String> env) {
        ObjectMapper mapper = WorkflowJson.mapper();
        return Priming.forFunction("poll-channel", env)
                .json("PollRequest from events/poll-channel/active.json",
                        () -> PollRequest.from(mapper.readTree(Priming.resource("priming/active.json")), mapper))
                .json("PollResult to JSON", () -> mapper.writeValueAsString(
                        new PollResult("ACTIVE", "priming", 1, new PollResult.StateInfo("priming", "priming"))))
                .sdk("kafka:ListChannels", KafkaClient::builder, c -> c.listChannels(r -> r.clusterArn(CLUSTER)))
                .sdk("dynamodb:GetItem", DynamoDbClient::builder, c -> c.getItem(r -> r.tableName("priming")
                        .key(Map.of("pk", AttributeValue.fromS("priming"), "sk", AttributeValue.fromS("priming")))))
                .build();
    }

    public static Priming register(Map<String, String> env) {
        return create(env).register();
    }
}
