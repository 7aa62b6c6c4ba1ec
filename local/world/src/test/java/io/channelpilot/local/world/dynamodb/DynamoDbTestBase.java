package io.channelpilot.local.world.dynamodb;

import io.channelpilot.local.world.cloudwatch.SdkTestClients;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.time.VirtualClock;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * One loopback emulator and real DynamoDbClient per test class (starting them per test dominated the suite's time);
 * before each test every table is dropped, the virtual clock restarts at {@link #T0}, and a table {@code state}
 * (pk S, sk S) is created.
 */
abstract class DynamoDbTestBase {

    static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    /** Delegates to the current test's VirtualClock, so the shared emulator sees a fresh clock per test. */
    private static final class CurrentClock extends Clock {
        volatile VirtualClock target = VirtualClock.startingAt(T0);

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return target.instant();
        }
    }

    private static final CurrentClock CURRENT = new CurrentClock();
    static EmulatorServer server;
    static DynamoDbEmulator emulator;
    static DynamoDbClient ddb;
    VirtualClock clock;

    @BeforeAll
    static void startWorld() throws Exception {
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        emulator = new DynamoDbEmulator(CURRENT, "123456789012", "us-east-1");
        server.register(emulator);
        ddb = SdkTestClients.client(DynamoDbClient.builder(), server);
    }

    @AfterAll
    static void stopWorld() {
        ddb.close();
        server.close();
    }

    @BeforeEach
    void freshState() {
        clock = VirtualClock.startingAt(T0);
        CURRENT.target = clock;
        ddb.listTables().tableNames().forEach(t -> ddb.deleteTable(r -> r.tableName(t)));
        ddb.createTable(r -> r.tableName("state").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("sk").keyType(KeyType.RANGE)));
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
