package io.channelpilot.local.world.dynamodb;

import io.channelpilot.local.world.cloudwatch.SdkTestClients;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Starts the emulator on loopback with a real DynamoDbClient and a table {@code state} (pk S, sk S). */
abstract class DynamoDbTestBase {

    static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    final VirtualClock clock = VirtualClock.startingAt(T0);
    EmulatorServer server;
    DynamoDbEmulator emulator;
    DynamoDbClient ddb;

    @BeforeEach
    void startWorld() throws Exception {
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        emulator = new DynamoDbEmulator(clock, "123456789012", "us-east-1");
        server.register(emulator);
        ddb = SdkTestClients.client(DynamoDbClient.builder(), server);
        ddb.createTable(r -> r.tableName("state").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("sk").keyType(KeyType.RANGE)));
    }

    @AfterEach
    void stopWorld() {
        ddb.close();
        server.close();
    }

    static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    static AttributeValue n(String v) {
        return AttributeValue.fromN(v);
    }

    static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("pk", s(pk), "sk", s(sk));
    }

    Map<String, AttributeValue> get(String pk, String sk) {
        return ddb.getItem(r -> r.tableName("state").key(key(pk, sk)).consistentRead(true)).item();
    }
}
