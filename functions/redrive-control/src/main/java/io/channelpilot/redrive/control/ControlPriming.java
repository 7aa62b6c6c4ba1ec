package io.channelpilot.redrive.control;

import io.channelpilot.priming.Priming;
import io.channelpilot.redrive.RedriveJson;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.sns.SnsClient;

/** SnapStart priming of redrive-control: the prepare sample through Jackson, one request per client. */
final class ControlPriming {

    private ControlPriming() {
    }

    static Priming create(Map<String, String> env) {
        return Priming.forFunction("redrive-control", env)
                .json("input from events/redrive-control/prepare.json and back",
                        () -> RedriveJson.MAPPER.writeValueAsString(RedriveJson.MAPPER.readTree(Priming.resource("priming/prepare.json"))))
                .sdk("dynamodb:GetItem", DynamoDbClient::builder, c -> c.getItem(r -> r.tableName("priming")
                        .key(Map.of("pk", AttributeValue.fromS("priming"), "sk", AttributeValue.fromS("priming")))))
                .sdk("glue:GetSchemaVersion", GlueClient::builder, c -> c.getSchemaVersion(r -> r
                        .schemaId(s -> s.registryName("priming").schemaName("priming")).schemaVersionNumber(v -> v.latestVersion(true))))
                .sdk("sns:Publish", SnsClient::builder,
                        c -> c.publish(r -> r.topicArn("arn:aws:sns:us-east-1:123456789012:priming").message("priming")))
                .build();
    }

    static Priming register(Map<String, String> env) {
        return create(env).register();
    }
}
