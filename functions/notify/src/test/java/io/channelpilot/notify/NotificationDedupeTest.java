package io.channelpilot.notify;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.notification.ItemState;
import io.channelpilot.notification.RenderedNotification;
import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Issue 5 follow-up: one tag change arrives twice (CloudTrail TagResource + aws.tag), so two executions notify the
 * same VALIDATION_REFUSED / APPROVAL_REQUIRED; exactly one is published.
 */
class NotificationDedupeTest {

    private static final ObjectMapper MAPPER = WorkflowJson.mapper();
    private static final Map<String, String> RULES_A = Map.of("channel-pilot/orders", "topic=orders namespace=sales");
    private static final Map<String, String> RULES_B = Map.of("channel-pilot/orders", "topic=orders namespace=sales2");

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-11-29T16:00:00Z"));
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final List<RenderedNotification> published = Collections.synchronizedList(new ArrayList<>());
    private final NotificationPublisher publisher = message -> {
        published.add(message);
        return "msg-" + published.size();
    };
    private final NotifyService service = new NotifyService(publisher, new NotificationRenderer(MAPPER), store, clock, MAPPER,
            Duration.ofHours(24));

    private static ItemState state(String file, String correlationId) throws IOException {
        ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(Path.of("../../events/notify/" + file)));
        root.put("correlationId", correlationId);
        return ItemState.parse(root, MAPPER);
    }

    private String cluster() throws IOException {
        return state("validation-refused.json", "x").intent().clusterArn();
    }

    @Test
    void shouldPublishOnceWhenBothDeliveriesOfOneTagChangeRefuse() throws IOException {
        // given the change was resolved twice (both record the same rules)
        store.recordRules(cluster(), NotificationDedupe.rulesDigest(RULES_A));
        store.recordRules(cluster(), NotificationDedupe.rulesDigest(RULES_A));

        // when both executions notify
        NotifyResult first = service.notify(state("validation-refused.json", "exec-cloudtrail"));
        NotifyResult second = service.notify(state("validation-refused.json", "exec-aws-tag"));

        // then
        assertThat(published).hasSize(1);
        assertThat(first.duplicate()).isFalse();
        assertThat(first.messageId()).isEqualTo("msg-1");
        assertThat(second.duplicate()).isTrue();
        assertThat(second.messageId()).isEmpty();
        assertThat(second.kind()).isEqualTo("VALIDATION_REFUSED");
    }

    @Test
    void shouldPublishOnceWhenTwoSendersRace() throws Exception {
        // given two executions reach NotifyOutcome at the same moment
        ItemState a = state("approval-required.json", "exec-1");
        ItemState b = state("approval-required.json", "exec-2");
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<NotifyResult>> results = new ArrayList<>();
            for (ItemState s : List.of(a, b)) {
                Callable<NotifyResult> task = () -> {
                    start.await();
                    return service.notify(s);
                };
                results.add(pool.submit(task));
            }
            // when
            start.countDown();
            List<Boolean> duplicates = new ArrayList<>();
            for (Future<NotifyResult> f : results) {
                duplicates.add(f.get(30, TimeUnit.SECONDS).duplicate());
            }

            // then exactly one published, the other is the duplicate
            assertThat(published).hasSize(1);
            assertThat(duplicates).containsExactlyInAnyOrder(false, true);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void shouldNotifyAgainWhenTheOwnerChangedAndRevertedTheRule() throws IOException {
        String cluster = cluster();
        store.recordRules(cluster, NotificationDedupe.rulesDigest(RULES_A));
        service.notify(state("validation-refused.json", "exec-1"));

        // when the owner changes the rule and changes it back (same desired fingerprint as the first refusal)
        store.recordRules(cluster, NotificationDedupe.rulesDigest(RULES_B));
        long reverted = store.recordRules(cluster, NotificationDedupe.rulesDigest(RULES_A));
        service.notify(state("validation-refused.json", "exec-2"));
        service.notify(state("validation-refused.json", "exec-3"));

        // then the refusal after the revert is sent once more (and its duplicate is not)
        assertThat(reverted).isEqualTo(3);
        assertThat(published).hasSize(2);
    }

    @Test
    void shouldNotifyAgainWhenTheRefusalCodesDiffer() throws IOException {
        service.notify(state("validation-refused.json", "exec-1"));
        ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(Path.of("../../events/notify/validation-refused.json")));
        ((ObjectNode) root.path("validation").path("findings").get(1)).put("code", "TABLE_BUCKET_EXISTS");

        service.notify(ItemState.parse(root, MAPPER));

        assertThat(published).hasSize(2);
    }

    @Test
    void shouldRemindOnceTheClaimExpired() throws IOException {
        service.notify(state("validation-refused.json", "sweep-1"));
        service.notify(state("validation-refused.json", "sweep-2"));
        clock.advance(Duration.ofHours(25));

        service.notify(state("validation-refused.json", "sweep-97"));

        assertThat(published).hasSize(2);
    }

    @Test
    void shouldGiveTheClaimBackWhenPublishingFails() throws IOException {
        AtomicBoolean down = new AtomicBoolean(true);
        NotifyService flaky = new NotifyService(message -> {
            if (down.get()) {
                throw new IllegalStateException("SNS unavailable");
            }
            published.add(message);
            return "msg-" + published.size();
        }, new NotificationRenderer(MAPPER), store, clock, MAPPER, Duration.ofHours(24));
        ItemState refused = state("validation-refused.json", "exec-1");

        assertThatThrownBy(() -> flaky.notify(refused)).hasMessageContaining("SNS unavailable");
        down.set(false);
        NotifyResult retried = flaky.notify(refused);

        assertThat(retried.duplicate()).isFalse();
        assertThat(published).hasSize(1);
    }

    @Test
    void shouldAlwaysSendOutcomesThatDependOnTheExecution() throws IOException {
        service.notify(state("channel-active.json", "exec-1"));
        service.notify(state("channel-active.json", "exec-2"));

        assertThat(published).hasSize(2);
    }

    @Test
    void shouldIgnoreTagsThatAreNotRulesAndReadTheTtl() {
        assertThat(NotificationDedupe.rulesDigest(Map.of("team", "a", "channel-pilot/x", "topic=t")))
                .isEqualTo(NotificationDedupe.rulesDigest(Map.of("team", "b", "channel-pilot/x", "topic=t")))
                .isNotEqualTo(NotificationDedupe.rulesDigest(Map.of("channel-pilot/x", "topic=u")));
        assertThat(NotificationDedupe.ttlFrom(Map.of())).isEqualTo(Duration.ofHours(24));
        assertThat(NotificationDedupe.ttlFrom(Map.of(NotificationDedupe.TTL_VARIABLE, "2"))).isEqualTo(Duration.ofHours(2));
        assertThatThrownBy(() -> NotificationDedupe.ttlFrom(Map.of(NotificationDedupe.TTL_VARIABLE, "0")))
                .hasMessageContaining(NotificationDedupe.TTL_VARIABLE);
    }
}
