package io.channelpilot.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.plan.SkipReason;
import io.channelpilot.store.InMemoryStatusStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** DESIGN §10 reliability: 20 concurrent deliveries of one event → exactly one execution gets intents. */
class DuplicateDeliveryTest {

    @Test
    void shouldGiveIntentsToExactlyOneExecutionWhenTwentyDuplicatesResolveConcurrently() throws Exception {
        // given
        FakeClusterReader cluster = new FakeClusterReader().rule("orders", ResolveIntentsHandlerTest.ORDERS_RULE).topic("orders.created");
        InMemoryStatusStore store = new InMemoryStatusStore(Clock.systemUTC());
        StackSettings stack = StackSettings.from(ResolveIntentsHandlerTest.ENV);
        ObjectMapper json = new ObjectMapper();
        IntentResolver resolver = new IntentResolver(cluster, new IntentPlanner(stack), new DesiredStatusRecorder(store, json, Clock.systemUTC()),
                store, Duration.ofHours(24));
        JsonNode event = json.readTree(Path.of("../../events/resolve-intents/cloudtrail-create-topic-control-plane.json").toFile());
        CountDownLatch start = new CountDownLatch(1);
        List<Callable<ResolveResult>> deliveries = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            deliveries.add(() -> {
                start.await();
                return resolver.resolve(event);
            });
        }

        // when
        ExecutorService pool = Executors.newFixedThreadPool(20);
        List<ResolveResult> results = new ArrayList<>();
        try {
            List<Future<ResolveResult>> futures = new ArrayList<>();
            deliveries.forEach(d -> futures.add(pool.submit(d)));
            start.countDown();
            for (Future<ResolveResult> f : futures) {
                results.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }

        // then
        assertThat(results.stream().filter(r -> !r.intents().isEmpty())).hasSize(1);
        assertThat(results.stream().filter(r -> r.skipped().stream().anyMatch(s -> s.reason() == SkipReason.DUPLICATE_EVENT))).hasSize(19);
        assertThat(store.list(null)).hasSize(1).allSatisfy(s -> assertThat(s.generation()).isEqualTo(1));
    }
}
