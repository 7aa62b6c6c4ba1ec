package io.channelpilot.local.sfn.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionService;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.sfn.exec.SfnRuntime;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.time.VirtualClock;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * Distributed Map over a bucket with thousands of objects: ItemReader listObjectsV2 through the real SDK v2 client
 * against in-process s3proxy (loopback). Reference: AWS developer guide, "ItemReader (Map)", S3 objects
 * (https://docs.aws.amazon.com/step-functions/latest/dg/input-output-itemreader.html) and "ItemBatcher".
 */
class DistributedMapOverS3Test {

    private static final int OBJECTS = 3_000;
    private static S3Proxy proxy;
    private static S3Client s3;

    @BeforeAll
    static void startS3() throws Exception {
        TransientNio2BlobStore store = new TransientNio2BlobStore();
        proxy = S3Proxy.builder().blobStore(store).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, "id", "secret").build();
        proxy.start();
        while (!"STARTED".equals(proxy.getState())) {
            Thread.onSpinWait();
        }
        store.createContainer("dlq");
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        // fill the store directly: 3 000 HTTP PUTs would dominate the suite's time; listing still goes over HTTP
        for (int i = 0; i < OBJECTS; i++) {
            store.putBlob(PutObjectRequest.builder().bucket("dlq").key(String.format("channel-a/%05d.json", i))
                    .contentLength((long) body.length).build(), new ByteArrayInputStream(body));
        }
        store.putBlob(PutObjectRequest.builder().bucket("dlq").key("other/x.json").contentLength((long) body.length).build(),
                new ByteArrayInputStream(body));
        s3 = S3Client.builder().endpointOverride(URI.create("http://127.0.0.1:" + proxy.getPort())).forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("id", "secret")))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
        proxy.stop();
    }

    @Test
    void shouldListEveryPageOfTheBucket() {
        assertThat(new SdkS3ObjectLister(s3).list("dlq", "channel-a/")).hasSize(OBJECTS)
                .first().satisfies(o -> {
                    assertThat(o.key()).isEqualTo("channel-a/00000.json");
                    assertThat(o.size()).isEqualTo(2);
                    assertThat(o.etag()).startsWith("\"");
                });
    }

    @Test
    void shouldProcessEveryObjectOnceInBatchesWithBoundedConcurrency() {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
        SfnRuntime runtime = SfnRuntime.of(clock, clock, request -> {
            request.input().get("Items").forEach(item -> assertThat(seen.add(item.get("Key").asText())).isTrue());
            return Json.NODES.numberNode(request.input().get("Items").size());
        }).withLister(new SdkS3ObjectLister(s3));
        ExecutionService service = ExecutionService.synchronous(runtime);
        String arn = service.registerStateMachine("Redrive", StateMachineDef.parse("""
            {"StartAt":"Redrive","States":{"Redrive":{"Type":"Map","MaxConcurrency":4,"ToleratedFailurePercentage":0,
              "ItemReader":{"Resource":"arn:aws:states:::s3:listObjectsV2","Parameters":{"Bucket.$":"$.bucket","Prefix.$":"$.prefix"}},
              "ItemBatcher":{"MaxItemsPerBatch":100,"BatchInput":{"task.$":"$.task"}},
              "ItemProcessor":{"ProcessorConfig":{"Mode":"DISTRIBUTED","ExecutionType":"STANDARD"},
                "StartAt":"Batch","States":{"Batch":{"Type":"Task","Resource":"arn:aws:lambda:us-east-1:123456789012:function:RedriveBatch","End":true}}},
              "ResultSelector":{"batches.$":"States.ArrayLength($)"},"End":true}}}"""), "r");

        ExecutionDescription d = service.describe(service.start(arn, "run-1",
                Json.parse("{\"bucket\":\"dlq\",\"prefix\":\"channel-a/\",\"task\":\"t1\"}")).executionArn());

        assertThat(d.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(d.output()).isEqualTo(Json.parse("{\"batches\":30}"));
        assertThat(seen).hasSize(OBJECTS).doesNotContain("other/x.json");
        assertThat(d.transitions()).isEqualTo(1 + 30);
    }

    @Test
    void shouldFailWithItemReaderFailedForAMissingBucket() {
        VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
        ExecutionService service = ExecutionService.synchronous(SfnRuntime.of(clock, clock, r -> r.input())
                .withLister(new SdkS3ObjectLister(s3)));
        String arn = service.registerStateMachine("M", StateMachineDef.parse("""
            {"StartAt":"M","States":{"M":{"Type":"Map",
              "ItemReader":{"Resource":"arn:aws:states:::s3:listObjectsV2","Parameters":{"Bucket":"nope"}},
              "ItemProcessor":{"ProcessorConfig":{"Mode":"DISTRIBUTED"},"StartAt":"P","States":{"P":{"Type":"Pass","End":true}}},
              "End":true}}}"""), "r");

        ExecutionDescription d = service.describe(service.start(arn, "x", Json.object()).executionArn());

        assertThat(d.error()).isEqualTo("States.ItemReaderFailed");
        assertThat(d.cause()).contains("NoSuchBucket");
    }
}
