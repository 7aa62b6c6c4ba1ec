package io.channelpilot.notify;

import io.channelpilot.notification.ItemState;
import io.channelpilot.workflow.WorkflowJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.priming.Priming;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sns.SnsClient;

/** SnapStart priming of notify: the item state parsed and rendered, a result out, one request per client. */
final class NotifyPriming {

    private NotifyPriming() {
    }

    public static Priming create(Map<String, String> env) {
        ObjectMapper mapper = WorkflowJson.mapper();
        return Priming.forFunction("notify", env)
                .json("ItemState from events/notify/channel-active.json",
                        () -> ItemState.parse(mapper.readTree(Priming.resource("priming/channel-active.json")), mapper))
                .json("NotifyResult to JSON", () -> mapper.writeValueAsString(new NotifyResult("priming", "INFO", "priming", "priming")))
                .sdk("sns:Publish", SnsClient::builder,
                        c -> c.publish(r -> r.topicArn("arn:aws:sns:us-east-1:123456789012:priming").subject("priming").message("priming")))
                .sdk("dynamodb:GetItem", DynamoDbClient::builder, c -> c.getItem(r -> r.tableName("priming")
                        .key(Map.of("pk", AttributeValue.fromS("priming"), "sk", AttributeValue.fromS("priming")))))
                .build();
    }

    public static Priming register(Map<String, String> env) {
        return create(env).register();
    }
}
