package io.channelpilot.local.world.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.plan.TableClaim;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.store.StatusStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Channel Pilot's own {@link DynamoDbStatusStore} (conditional puts, begins_with queries, scans with filters) running
 * against the emulator: the local world must accept exactly the requests the deployed code sends.
 */
class StatusStoreOnEmulatorTest extends DynamoDbTestBase {

    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/c/u-1";
    private final ChannelKey key = new ChannelKey(CLUSTER, "orders-1");
    private StatusStore store;

    @BeforeEach
    void store() {
        store = new DynamoDbStatusStore(ddb, "state", clock);
    }

    /** Issue 13: one table, one owner; the conditional claim holds under concurrency and is released by its owner only. */
    @Test
    void shouldGiveATableToTheFirstClaimantOnlyAndReleaseItForItsOwnerOnly() throws Exception {
        String bucket = "arn:aws:s3tables:us-east-1:123456789012:bucket/analytics";
        List<TableClaim> claimants = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            claimants.add(new TableClaim(bucket, "sales", "orders", CLUSTER + i, "orders-" + i, "orders"));
        }
        ExecutorService pool = Executors.newFixedThreadPool(6);
        List<Future<TableClaim>> held = new ArrayList<>();
        try {
            for (TableClaim c : claimants) {
                held.add(pool.submit(() -> store.claimTable(c)));
            }
            java.util.Set<String> owners = new java.util.HashSet<>();
            for (Future<TableClaim> f : held) {
                owners.add(f.get().clusterArn());
            }
            assertThat(owners).as("every claimant sees the same single owner").hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        TableClaim owner = store.tableClaim(bucket, "sales", "orders").orElseThrow();
        TableClaim other = claimants.stream().filter(c -> !c.sameOwner(owner)).findFirst().orElseThrow();
        assertThat(store.claimTable(owner)).as("re-claiming one's own table succeeds").isEqualTo(owner);

        store.releaseTable(other);
        assertThat(store.tableClaim(bucket, "sales", "orders")).as("a non-owner cannot release").contains(owner);
        store.releaseTable(owner);
        assertThat(store.tableClaim(bucket, "sales", "orders")).isEmpty();
        assertThat(store.claimTable(other)).isEqualTo(other);
    }

    @Test
    void shouldKeepEventClaimsWithinDynamoDbKeyLimitsForHostileIds() {
        String threeKb = "e".repeat(3 * 1024);
        assertThat(store.claimEvent(threeKb, Duration.ofHours(1))).isTrue();
        assertThat(store.claimEvent(threeKb, Duration.ofHours(1))).as("the same long id is the same claim").isFalse();
        assertThat(store.claimNotification("n\n" + threeKb, Duration.ofHours(1))).isTrue();
        store.releaseNotification("n\n" + threeKb);
        assertThat(store.claimNotification("n\n" + threeKb, Duration.ofHours(1))).isTrue();
    }

    @Test
    void shouldKeepConditionsAndSkipNoOpWrites() {
        ChannelStatus first = store.update(key, "orders",
                s -> s.withCondition(ConditionType.READY, ConditionStatus.FALSE, "ChannelCreating", "", clock.instant()));
        clock.advance(Duration.ofMinutes(5));
        ChannelStatus again = store.update(key, "orders",
                s -> s.withCondition(ConditionType.READY, ConditionStatus.FALSE, "ChannelCreating", "", clock.instant()));

        assertThat(again.version()).isEqualTo(first.version());
        assertThat(store.find(key).orElseThrow().condition(ConditionType.READY).orElseThrow().reason())
                .isEqualTo("ChannelCreating");
    }

    @Test
    void shouldSerialiseConcurrentUpdatesThroughVersionConditions() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<ChannelStatus>> results = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                String execution = "exec-" + i;
                results.add(pool.submit(() -> store.update(key, "orders", s -> s.withLastExecution(execution))));
            }
            for (Future<ChannelStatus> f : results) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(store.find(key).orElseThrow().version()).isEqualTo(4);
    }

    @Test
    void shouldListByClusterQueryAndByScan() {
        store.update(key, "orders", s -> s.withDesired("{}", "fp"));
        store.update(new ChannelKey(CLUSTER, "orders-2"), "orders", s -> s.withDesired("{}", "fp"));
        store.update(new ChannelKey(CLUSTER + "-other", "x"), "x", s -> s.withDesired("{}", "fp"));
        store.acquireLease(key, "exec-a", Duration.ofMinutes(5));

        assertThat(store.list(CLUSTER)).extracting(s -> s.key().channelName()).containsExactly("orders-1", "orders-2");
        assertThat(store.list(null)).hasSize(3);
        store.delete(key);
        assertThat(store.list(CLUSTER)).hasSize(1);
    }

    @Test
    void shouldGrantLeasesAndClaimEventsUntilTheyExpire() {
        assertThat(store.acquireLease(key, "exec-a", Duration.ofMinutes(15))).isTrue();
        assertThat(store.acquireLease(key, "exec-b", Duration.ofMinutes(15))).isFalse();
        assertThat(store.acquireLease(key, "exec-a", Duration.ofMinutes(15))).isTrue();
        clock.advance(Duration.ofMinutes(16));
        assertThat(store.acquireLease(key, "exec-b", Duration.ofMinutes(15))).isTrue();
        store.releaseLease(key, "exec-a");
        assertThat(store.leaseHolder(key)).contains("exec-b");

        ddb.updateTimeToLive(r -> r.tableName("state").timeToLiveSpecification(t -> t.enabled(true).attributeName("expiresAt")));
        assertThat(store.claimEvent("evt-1", Duration.ofHours(1))).isTrue();
        assertThat(store.claimEvent("evt-1", Duration.ofHours(1))).isFalse();
        clock.advance(Duration.ofHours(2));
        assertThat(emulator.expire()).extracting(e -> e.getValue().path("pk").path("S").asText())
                .contains("EVENT#evt-1");
        assertThat(store.claimEvent("evt-1", Duration.ofHours(1))).isTrue();
    }

    @Test
    void shouldLetExactlyOneOfTwoConcurrentSendersClaimANotification() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        try {
            List<Future<Boolean>> claims = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                claims.add(pool.submit(() -> {
                    start.await();
                    return store.claimNotification("VALIDATION_REFUSED#abc", Duration.ofHours(24));
                }));
            }
            start.countDown();
            List<Boolean> won = new ArrayList<>();
            for (Future<Boolean> f : claims) {
                won.add(f.get());
            }
            assertThat(won).containsExactlyInAnyOrder(true, false);
        } finally {
            pool.shutdownNow();
        }
        store.releaseNotification("VALIDATION_REFUSED#abc");
        assertThat(store.claimNotification("VALIDATION_REFUSED#abc", Duration.ofHours(24))).isTrue();
        clock.advance(Duration.ofHours(25));
        assertThat(store.claimNotification("VALIDATION_REFUSED#abc", Duration.ofHours(24))).isTrue();
    }

    @Test
    void shouldBumpTheRulesGenerationOnlyWhenTheDigestChanges() {
        assertThat(store.rulesGeneration(CLUSTER)).isZero();
        assertThat(store.recordRules(CLUSTER, "a")).isEqualTo(1);
        assertThat(store.recordRules(CLUSTER, "a")).isEqualTo(1);
        assertThat(store.recordRules(CLUSTER, "b")).isEqualTo(2);
        assertThat(store.recordRules(CLUSTER, "a")).isEqualTo(3);
        assertThat(store.rulesGeneration(CLUSTER)).isEqualTo(3);
        assertThat(store.list(CLUSTER)).as("not a channel status").isEmpty();
    }

    @Test
    void shouldCountEachFailedChannelInstanceOnce() {
        assertThat(store.recordFailure(key, "fp", "arn-1", Duration.ofDays(7))).isEqualTo(1);
        assertThat(store.recordFailure(key, "fp", "arn-1", Duration.ofDays(7))).isEqualTo(1);
        assertThat(store.recordFailure(key, "fp", "arn-2", Duration.ofDays(7))).isEqualTo(2);
        assertThat(store.recordFailure(key, "other-fp", "arn-3", Duration.ofDays(7))).isEqualTo(1);
        clock.advance(Duration.ofDays(8));
        assertThat(store.recordFailure(key, "fp", "arn-4", Duration.ofDays(7))).isEqualTo(1);
        assertThat(store.list(CLUSTER)).as("not a channel status").isEmpty();
    }

    /**
     * A claim whose PutItem took effect but whose answer was lost (a 500 after success; AWS documents that a 500 may
     * follow a request that succeeded) is retried by the SDK with the same request: the retry must recognise its own
     * claim, not refuse it as taken by someone else (found by the fault suite with the faults on, issue 16).
     */
    @Test
    void shouldKeepAClaimWhoseResponseWasLostWhenTheSdkRetriesIt() {
        java.util.concurrent.atomic.AtomicInteger lost = new java.util.concurrent.atomic.AtomicInteger();
        software.amazon.awssdk.core.interceptor.ExecutionInterceptor loseFirstPutItemAnswer =
                new software.amazon.awssdk.core.interceptor.ExecutionInterceptor() {
                    @Override
                    public software.amazon.awssdk.http.SdkHttpResponse modifyHttpResponse(
                            software.amazon.awssdk.core.interceptor.Context.ModifyHttpResponse context,
                            software.amazon.awssdk.core.interceptor.ExecutionAttributes attributes) {
                        boolean putItem = context.httpRequest().firstMatchingHeader("X-Amz-Target")
                                .map(t -> t.endsWith(".PutItem")).orElse(false);
                        return putItem && lost.getAndIncrement() == 0
                                ? context.httpResponse().toBuilder().statusCode(500).build() : context.httpResponse();
                    }
                };
        try (software.amazon.awssdk.services.dynamodb.DynamoDbClient losing =
                     software.amazon.awssdk.services.dynamodb.DynamoDbClient.builder()
                             .endpointOverride(server.endpoint()).region(software.amazon.awssdk.regions.Region.US_EAST_1)
                             .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                                     software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("test", "test")))
                             .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create())
                             .overrideConfiguration(c -> c.addExecutionInterceptor(loseFirstPutItemAnswer))
                             .build()) {
            StatusStore retrying = new DynamoDbStatusStore(losing, "state", clock);

            assertThat(retrying.claimNotification("n-lost", Duration.ofHours(1))).as("the claim whose answer was lost").isTrue();
            assertThat(lost.get()).as("PutItem attempts (the first answer lost, the SDK retried)").isEqualTo(2);
            assertThat(store.claimNotification("n-lost", Duration.ofHours(1))).as("another claimant").isFalse();
            assertThat(retrying.claimEvent("e-lost", Duration.ofHours(1))).isTrue();
            assertThat(store.claimEvent("e-lost", Duration.ofHours(1))).isFalse();
        }
    }
}
