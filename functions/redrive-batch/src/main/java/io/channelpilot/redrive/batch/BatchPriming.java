package io.channelpilot.redrive.batch;

import io.channelpilot.priming.Priming;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveJson;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * SnapStart priming of redrive-batch: the batch sample in, a result out, one request per SDK client. The Kafka
 * consumer and producer are not primed: they connect to brokers when built, which a snapshot must not capture.
 */
final class BatchPriming {

    private BatchPriming() {
    }

    static Priming create(Map<String, String> env) {
        return Priming.forFunction("redrive-batch", env)
                .json("BatchInput from events/redrive-batch/batch.json",
                        () -> BatchInput.from(RedriveJson.MAPPER.readTree(Priming.resource("priming/batch.json"))))
                .json("BatchResult to JSON", () -> RedriveJson.MAPPER.writeValueAsString(
                        new BatchResult("priming", "priming", "DONE", RedriveCounters.ZERO, List.of(), List.of())))
                .sdk("dynamodb:GetItem", DynamoDbClient::builder, c -> c.getItem(r -> r.tableName("priming")
                        .key(Map.of("pk", AttributeValue.fromS("priming"), "sk", AttributeValue.fromS("priming")))))
                .sdk("s3:ListObjectsV2", S3Client::builder, c -> c.listObjectsV2(r -> r.bucket("priming").prefix("priming/")))
                .sdk("kafka:GetBootstrapBrokers", KafkaClient::builder, c -> c.getBootstrapBrokers(r -> r.clusterArn("arn:aws:kafka:us-east-1:123456789012:cluster/priming/00000000-0000-0000-0000-000000000000-1")))
                .build();
    }

    static Priming register(Map<String, String> env) {
        return create(env).register();
    }
}
