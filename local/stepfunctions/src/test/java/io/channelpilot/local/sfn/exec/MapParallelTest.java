package io.channelpilot.local.sfn.exec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.s3.S3ObjectLister;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Parallel (https://docs.aws.amazon.com/step-functions/latest/dg/state-parallel.html), inline Map
 * (https://docs.aws.amazon.com/step-functions/latest/dg/state-map-inline.html) and Distributed Map
 * (https://docs.aws.amazon.com/step-functions/latest/dg/state-map-distributed.html, "Setting failure thresholds",
 * "ItemBatcher", "ItemReader").
 */
class MapParallelTest {

    private final Harness h = new Harness();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger maxRunning = new AtomicInteger();

    /** A task that overlaps with its siblings long enough to be observed, without sleeping. */
    private JsonNode tracked(JsonNode input) {
        int now = running.incrementAndGet();
        maxRunning.accumulateAndGet(now, Math::max);
        try {
            for (int i = 0; i < 200; i++) {
                Thread.yield();
            }
            return input;
        } finally {
            running.decrementAndGet();
        }
    }

    private static String inlineMap(String extra) {
        return """
            {"StartAt":"M","States":{"M":{"Type":"Map","ItemsPath":"$.items",%s
              "ItemProcessor":{"StartAt":"W","States":{"W":{"Type":"Task","Resource":"%s","End":true}}},"End":true}}}"""
                .formatted(extra, Harness.fn("Work"));
    }

    @Test
    void shouldReturnResultsInItemOrderAndNeverExceedMaxConcurrency() {
        // "MaxConcurrency ... upper bound on how many invocations of the Iterator may run in parallel"
        h.function("Work", this::tracked);
        String items = Json.write(Json.NODES.arrayNode().addAll(java.util.stream.IntStream.range(0, 40)
                .mapToObj(i -> (JsonNode) Json.NODES.numberNode(i)).toList()));

        ExecutionDescription d = h.run(inlineMap("\"MaxConcurrency\":3,"), "{\"items\":" + items + "}");

        assertThat(d.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(d.output()).isEqualTo(Json.parse(items));
        assertThat(maxRunning.get()).isBetween(1, 3);
        assertThat(d.transitions()).isEqualTo(41);
    }

    @Test
    @org.junit.jupiter.api.Timeout(120) // a limiter stuck at 1 would block here forever; not a timing check
    void shouldActuallyRunUpToMaxConcurrencyIterationsAtOnce() throws Exception {
        java.util.concurrent.CountDownLatch firstTwoInside = new java.util.concurrent.CountDownLatch(2);
        h.function("Work", input -> {
            maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
            firstTwoInside.countDown();
            try {
                firstTwoInside.await(); // the first two iterations meet here, so they overlap for sure
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                running.decrementAndGet();
            }
            return input;
        });

        ExecutionDescription d = h.run(inlineMap("\"MaxConcurrency\":2,"), "{\"items\":[1,2,3,4,5,6]}");

        assertThat(d.output()).isEqualTo(Json.parse("[1,2,3,4,5,6]"));
        assertThat(maxRunning.get()).isEqualTo(2);
    }

    @Test
    void shouldRunOneIterationAtATimeInItemOrderWhenMaxConcurrencyIsOne() {
        List<Integer> order = new ArrayList<>();
        h.function("Work", input -> {
            order.add(input.get("i").asInt());
            return input.get("v");
        });

        ExecutionDescription d = h.run(inlineMap(
                "\"MaxConcurrency\":1,\"ItemSelector\":{\"i.$\":\"$$.Map.Item.Index\",\"v.$\":\"$$.Map.Item.Value\",\"tag.$\":\"$.tag\"},"),
                "{\"items\":[\"a\",\"b\",\"c\"],\"tag\":\"t\"}");

        assertThat(order).containsExactly(0, 1, 2);
        assertThat(d.output()).isEqualTo(Json.parse("[\"a\",\"b\",\"c\"]"));
    }

    @Test
    void shouldSeeTheMapStateContextNextToMapItemInItemSelector() {
        // AWS developer guide, Context object: "$$.Map.Item.Index ... $$.Map.Item.Value" inside ItemSelector
        ExecutionDescription d = h.run("""
            {"StartAt":"W","States":{"W":{"Type":"Wait","Seconds":10,"Next":"M"},
              "M":{"Type":"Map","ItemsPath":"$.items","ItemSelector":{"state.$":"$$.State.Name",
                "entered.$":"$$.State.EnteredTime","value.$":"$$.Map.Item.Value"},
              "ItemProcessor":{"StartAt":"P","States":{"P":{"Type":"Pass","End":true}}},"End":true}}}""",
                "{\"items\":[\"x\"]}");

        assertThat(d.output()).isEqualTo(Json.parse(
                "[{\"state\":\"M\",\"entered\":\"2026-01-01T00:00:10.000Z\",\"value\":\"x\"}]"));
    }

    @Test
    void shouldFailTheInlineMapWhenAnyIterationFails() {
        // "If any iteration fails ... the entire Map State fails"
        h.function("Work", input -> {
            if (input.asInt() == 2) {
                throw StatesFailure.of("ItemBroken", "item 2");
            }
            return input;
        });

        ExecutionDescription d = h.run(inlineMap("\"MaxConcurrency\":1,"), "{\"items\":[1,2,3]}");

        assertThat(d.error()).isEqualTo("ItemBroken");
    }

    @Test
    void shouldRunBranchesAndReturnOneResultPerBranchInOrder() {
        h.function("Work", this::tracked);
        ExecutionDescription d = h.run("""
            {"StartAt":"P","States":{"P":{"Type":"Parallel","ResultSelector":{"first.$":"$[0]","second.$":"$[1]"},"End":true,
              "Branches":[
                {"StartAt":"A","States":{"A":{"Type":"Pass","Result":"a","End":true}}},
                {"StartAt":"B","States":{"B":{"Type":"Task","Resource":"%s","End":true}}}]}}}"""
                .formatted(Harness.fn("Work")), "{\"x\":1}");

        assertThat(d.output()).isEqualTo(Json.parse("{\"first\":\"a\",\"second\":{\"x\":1}}"));
        assertThat(d.statesVisited()).contains("P", "A", "B");
    }

    @Test
    void shouldFailParallelWithTheBranchErrorAndLetCatchHandleIt() {
        ExecutionDescription d = h.run("""
            {"StartAt":"P","States":{"P":{"Type":"Parallel","End":true,
              "Catch":[{"ErrorEquals":["BranchBoom"],"Next":"Caught"}],
              "Branches":[{"StartAt":"A","States":{"A":{"Type":"Fail","Error":"BranchBoom","Cause":"b"}}},
                          {"StartAt":"B","States":{"B":{"Type":"Pass","End":true}}}]},
              "Caught":{"Type":"Succeed"}}}""", "{}");

        assertThat(d.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(d.output()).isEqualTo(Json.parse("{\"Error\":\"BranchBoom\",\"Cause\":\"b\"}"));
    }

    private String distributed(String tolerance) {
        return """
            {"StartAt":"M","States":{"M":{"Type":"Map","ItemsPath":"$.items",%s
              "ItemProcessor":{"ProcessorConfig":{"Mode":"DISTRIBUTED","ExecutionType":"STANDARD"},
                "StartAt":"W","States":{"W":{"Type":"Task","Resource":"%s","End":true}}},"End":true}}}"""
                .formatted(tolerance, Harness.fn("Work"));
    }

    private void failOn(int... bad) {
        h.function("Work", input -> {
            for (int b : bad) {
                if (input.asInt() == b) {
                    throw StatesFailure.of("ItemBroken", "item " + b);
                }
            }
            return input;
        });
    }

    private static final String TEN = "{\"items\":[0,1,2,3,4,5,6,7,8,9]}";

    @Test
    void shouldSucceedWhenFailuresStayWithinToleratedFailureCount() {
        failOn(3, 7);

        ExecutionDescription d = h.run(distributed("\"ToleratedFailureCount\":2,"), TEN);

        assertThat(d.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(d.output().get(3)).isEqualTo(Json.parse("{\"Error\":\"ItemBroken\",\"Cause\":\"item 3\"}"));
        assertThat(d.output().get(4).asInt()).isEqualTo(4);
    }

    @Test
    void shouldFailWithExceedToleratedFailureThresholdWhenCountIsExceeded() {
        failOn(1, 3, 7);

        ExecutionDescription d = h.run(distributed("\"ToleratedFailureCount\":2,"), TEN);

        assertThat(d.error()).isEqualTo("States.ExceedToleratedFailureThreshold");
    }

    @Test
    void shouldApplyToleratedFailurePercentage() {
        failOn(1, 3);

        assertThat(h.run(distributed("\"ToleratedFailurePercentage\":20,"), TEN).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(h.run(distributed("\"ToleratedFailurePercentage\":10,"), TEN).error())
                .isEqualTo("States.ExceedToleratedFailureThreshold");
    }

    @Test
    void shouldResolveToleranceFromPaths() {
        failOn(1, 3);

        assertThat(h.run(distributed("\"ToleratedFailureCountPath\":\"$.tolerate\","),
                "{\"items\":[0,1,2,3,4,5,6,7,8,9],\"tolerate\":2}").status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(h.run(distributed("\"ToleratedFailurePercentagePath\":\"$.pct\","),
                "{\"items\":[0,1,2,3,4,5,6,7,8,9],\"pct\":10}").error()).isEqualTo("States.ExceedToleratedFailureThreshold");
    }

    @Test
    void shouldRunTheDeprecatedIteratorAndParametersFormsLikeItemProcessorAndItemSelector() {
        // AWS developer guide, Map state: "Iterator" and "Parameters" are the older names of ItemProcessor/ItemSelector
        ExecutionDescription d = h.run("""
            {"StartAt":"M","States":{"M":{"Type":"Map","ItemsPath":"$.items","Parameters":{"v.$":"$$.Map.Item.Value"},
              "Iterator":{"StartAt":"P","States":{"P":{"Type":"Pass","End":true}}},"End":true}}}""", "{\"items\":[1,2]}");

        assertThat(d.output()).isEqualTo(Json.parse("[{\"v\":1},{\"v\":2}]"));
    }

    @Test
    void shouldTolerateNoFailureByDefault() {
        failOn(9);

        assertThat(h.run(distributed(""), TEN).error()).isEqualTo("States.ExceedToleratedFailureThreshold");
    }

    @Test
    void shouldBatchItemsWithBatchInputAndCountChildTransitions() {
        List<JsonNode> batches = new java.util.concurrent.CopyOnWriteArrayList<>();
        h.function("Work", input -> {
            batches.add(input);
            return Json.NODES.numberNode(input.get("Items").size());
        });
        String definition = """
            {"StartAt":"M","States":{"M":{"Type":"Map","ItemsPath":"$.items","MaxConcurrency":1,
              "ItemBatcher":{"MaxItemsPerBatch":4,"BatchInput":{"run.$":"$.run"}},
              "ItemProcessor":{"ProcessorConfig":{"Mode":"DISTRIBUTED"},
                "StartAt":"W","States":{"W":{"Type":"Task","Resource":"%s","End":true}}},"End":true}}}"""
                .formatted(Harness.fn("Work"));

        ExecutionDescription d = h.run(definition, "{\"items\":[0,1,2,3,4,5,6,7,8,9],\"run\":\"r1\"}");

        assertThat(d.output()).isEqualTo(Json.parse("[4,4,2]"));
        assertThat(batches.get(0)).isEqualTo(Json.parse("{\"BatchInput\":{\"run\":\"r1\"},\"Items\":[0,1,2,3]}"));
        assertThat(d.transitions()).isEqualTo(1 + 3);
        assertThat(d.statesVisited()).containsExactly("M");
    }

    @Test
    void shouldSplitBatchesByMaxInputBytesPerBatch() {
        h.function("Work", input -> Json.NODES.numberNode(input.get("Items").size()));
        String definition = """
            {"StartAt":"M","States":{"M":{"Type":"Map","ItemsPath":"$.items","MaxConcurrency":1,
              "ItemBatcher":{"MaxInputBytesPerBatch":30},
              "ItemProcessor":{"ProcessorConfig":{"Mode":"DISTRIBUTED"},
                "StartAt":"W","States":{"W":{"Type":"Task","Resource":"%s","End":true}}},"End":true}}}"""
                .formatted(Harness.fn("Work"));

        // {"Items":[]} is 12 bytes; "aaaaa" is 7 bytes (+1 comma): two items fit in 30, three do not
        ExecutionDescription d = h.run(definition, "{\"items\":[\"aaaaa\",\"aaaaa\",\"aaaaa\",\"aaaaa\",\"aaaaa\"]}");

        assertThat(d.output()).isEqualTo(Json.parse("[2,2,1]"));
    }

    @Test
    void shouldReadItemsFromS3ListingWithItemReaderAndSelector() {
        List<String> requested = new ArrayList<>();
        h.runtime = h.runtime.withLister((bucket, prefix) -> {
            requested.add(bucket + "/" + prefix);
            return List.of(new S3ObjectLister.S3ObjectSummary("dlq/a.json", "\"e1\"", Instant.parse("2026-01-01T00:00:10Z"), 5, "STANDARD"),
                    new S3ObjectLister.S3ObjectSummary("dlq/b.json", "\"e2\"", Instant.parse("2026-01-01T00:00:20Z"), 7, "STANDARD"));
        });
        h.function("Work", input -> input);
        String definition = """
            {"StartAt":"M","States":{"M":{"Type":"Map",
              "ItemReader":{"Resource":"arn:aws:states:::s3:listObjectsV2","Parameters":{"Bucket.$":"$.bucket","Prefix":"dlq/"}},
              "ItemSelector":{"key.$":"$$.Map.Item.Value.Key","index.$":"$$.Map.Item.Index"},"Label":"dlq",
              "ItemProcessor":{"ProcessorConfig":{"Mode":"DISTRIBUTED"},
                "StartAt":"W","States":{"W":{"Type":"Task","Resource":"%s","End":true}}},"End":true}}}"""
                .formatted(Harness.fn("Work"));

        ExecutionDescription d = h.run(definition, "{\"bucket\":\"dlq-bucket\"}");

        assertThat(requested).containsExactly("dlq-bucket/dlq/");
        assertThat(d.output()).isEqualTo(Json.parse("[{\"key\":\"dlq/a.json\",\"index\":0},{\"key\":\"dlq/b.json\",\"index\":1}]"));
    }

    @Test
    void shouldLimitItemsWithReaderConfigMaxItems() {
        h.runtime = h.runtime.withLister((bucket, prefix) -> List.of(
                new S3ObjectLister.S3ObjectSummary("a", "\"e\"", Instant.EPOCH, 1, "STANDARD"),
                new S3ObjectLister.S3ObjectSummary("b", "\"e\"", Instant.EPOCH, 1, "STANDARD")));
        h.function("Work", input -> input.get("Key"));

        ExecutionDescription d = h.run("""
            {"StartAt":"M","States":{"M":{"Type":"Map",
              "ItemReader":{"Resource":"arn:aws:states:::s3:listObjectsV2","Parameters":{"Bucket":"b"},"ReaderConfig":{"MaxItems":1}},
              "ItemProcessor":{"ProcessorConfig":{"Mode":"DISTRIBUTED"},
                "StartAt":"W","States":{"W":{"Type":"Task","Resource":"%s","End":true}}},"End":true}}}"""
                .formatted(Harness.fn("Work")), "{}");

        assertThat(d.output()).isEqualTo(Json.parse("[\"a\"]"));
    }

    @Test
    void shouldFailWithItemReaderFailedWhenListingFails() {
        h.runtime = h.runtime.withLister((bucket, prefix) -> {
            throw new S3ObjectLister.ListingFailed("NoSuchBucket", null);
        });
        String definition = """
            {"StartAt":"M","States":{"M":{"Type":"Map",
              "ItemReader":{"Resource":"arn:aws:states:::s3:listObjectsV2","Arguments":{"Bucket":"missing"}},
              "ItemProcessor":{"ProcessorConfig":{"Mode":"DISTRIBUTED"},
                "StartAt":"W","States":{"W":{"Type":"Pass","End":true}}},"End":true}}}""";

        ExecutionDescription d = h.run(definition, "{}");

        assertThat(d.error()).isEqualTo("States.ItemReaderFailed");
        assertThat(d.cause()).contains("s3://missing/").contains("NoSuchBucket");
    }
}
