package io.channelpilot.local.world.logs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.msk.SdkClients;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.cloudwatchlogs.model.DescribeLogGroupsResponse;
import software.amazon.awssdk.services.cloudwatchlogs.model.InputLogEvent;
import software.amazon.awssdk.services.cloudwatchlogs.model.InvalidParameterException;
import software.amazon.awssdk.services.cloudwatchlogs.model.LogGroup;
import software.amazon.awssdk.services.cloudwatchlogs.model.ResourceAlreadyExistsException;
import software.amazon.awssdk.services.cloudwatchlogs.model.ResourceNotFoundException;

/** CloudWatch Logs operations through the real CloudWatchLogsClient. */
class LogsContractTest {

    private static final String GROUP = "/aws/msk/channels/orders";
    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private EmulatorServer server;
    private LogStore store;
    private CloudWatchLogsClient logs;

    @BeforeEach
    void start() throws Exception {
        store = new LogStore("123456789012", "us-east-1", clock);
        server = EmulatorServer.start(new FaultInjector(1, clock)).register(new LogsEmulator(store));
        logs = SdkClients.client(CloudWatchLogsClient.builder(), server.endpoint());
    }

    @AfterEach
    void stop() {
        logs.close();
        server.close();
    }

    @Test
    void shouldCreateLogGroupWithKmsKeyAndTagsAndDescribeIt() {
        logs.createLogGroup(r -> r.logGroupName(GROUP).kmsKeyId("arn:aws:kms:us-east-1:123456789012:key/k1")
                .tags(Map.of("owner", "data")));
        logs.putRetentionPolicy(r -> r.logGroupName(GROUP).retentionInDays(30));

        LogGroup g = logs.describeLogGroups(r -> r.logGroupNamePrefix("/aws/msk/")).logGroups().get(0);

        assertThat(g.logGroupName()).isEqualTo(GROUP);
        assertThat(g.arn()).isEqualTo("arn:aws:logs:us-east-1:123456789012:log-group:/aws/msk/channels/orders:*");
        assertThat(g.logGroupArn()).isEqualTo("arn:aws:logs:us-east-1:123456789012:log-group:/aws/msk/channels/orders");
        assertThat(g.kmsKeyId()).isEqualTo("arn:aws:kms:us-east-1:123456789012:key/k1");
        assertThat(g.retentionInDays()).isEqualTo(30);
        assertThat(g.creationTime()).isEqualTo(clock.millis());
        assertThat(store.logGroup(GROUP).orElseThrow().tags()).containsEntry("owner", "data");
        assertThatThrownBy(() -> logs.createLogGroup(r -> r.logGroupName(GROUP)))
                .isInstanceOf(ResourceAlreadyExistsException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 2, 10, 366, 4000})
    void shouldRejectRetentionOutsideTheDocumentedSet(int days) {
        logs.createLogGroup(r -> r.logGroupName(GROUP));

        assertThatThrownBy(() -> logs.putRetentionPolicy(r -> r.logGroupName(GROUP).retentionInDays(days)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("retentionInDays");
        assertThat(store.logGroup(GROUP).orElseThrow().retentionInDays()).isEmpty();
    }

    @Test
    void shouldAssociateKmsKeyAndFailForMissingGroups() {
        logs.createLogGroup(r -> r.logGroupName(GROUP));

        logs.associateKmsKey(r -> r.logGroupName(GROUP).kmsKeyId("arn:aws:kms:us-east-1:123456789012:key/k2"));

        assertThat(store.logGroup(GROUP).orElseThrow().kmsKeyId()).contains("arn:aws:kms:us-east-1:123456789012:key/k2");
        assertThatThrownBy(() -> logs.associateKmsKey(r -> r.logGroupName("/none").kmsKeyId("k")))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> logs.putRetentionPolicy(r -> r.logGroupName("/none").retentionInDays(7)))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void shouldDescribeByPatternPageAndRefusePrefixWithPattern() {
        for (String n : new String[] {"/a/orders", "/b/orders", "/c/refunds"}) {
            logs.createLogGroup(r -> r.logGroupName(n));
        }

        DescribeLogGroupsResponse page1 = logs.describeLogGroups(r -> r.logGroupNamePattern("ORDERS").limit(1));
        DescribeLogGroupsResponse page2 = logs.describeLogGroups(r -> r.logGroupNamePattern("ORDERS").limit(1)
                .nextToken(page1.nextToken()));

        assertThat(page1.logGroups()).extracting(LogGroup::logGroupName).containsExactly("/a/orders");
        assertThat(page2.logGroups()).extracting(LogGroup::logGroupName).containsExactly("/b/orders");
        assertThat(page2.nextToken()).isNull();
        assertThatThrownBy(() -> logs.describeLogGroups(r -> r.logGroupNamePrefix("/a").logGroupNamePattern("x")))
                .isInstanceOf(InvalidParameterException.class);
    }

    @Test
    void shouldDeleteLogGroup() {
        logs.createLogGroup(r -> r.logGroupName(GROUP));

        logs.deleteLogGroup(r -> r.logGroupName(GROUP));

        assertThat(store.exists(GROUP)).isFalse();
        assertThatThrownBy(() -> logs.deleteLogGroup(r -> r.logGroupName(GROUP)))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void shouldPutGetAndFilterEvents() {
        logs.createLogGroup(r -> r.logGroupName(GROUP));
        logs.createLogStream(r -> r.logGroupName(GROUP).logStreamName("delivery"));
        long t = clock.millis();

        var put = logs.putLogEvents(r -> r.logGroupName(GROUP).logStreamName("delivery").logEvents(
                event(t, "delivered 10 rows"), event(t + 1, "schema resolution failure for offset 4"),
                event(t + Duration.ofHours(3).toMillis(), "from the future")));
        clock.advance(Duration.ofSeconds(1));
        store.append(GROUP, "errors", "AccessDenied writing table");

        var head = logs.getLogEvents(r -> r.logGroupName(GROUP).logStreamName("delivery").startFromHead(true)
                .limit(1));
        var next = logs.getLogEvents(r -> r.logGroupName(GROUP).logStreamName("delivery")
                .nextToken(head.nextForwardToken()));
        var filtered = logs.filterLogEvents(r -> r.logGroupName(GROUP).filterPattern("?failure ?AccessDenied"));
        var phrase = logs.filterLogEvents(r -> r.logGroupName(GROUP).filterPattern("\"10 rows\""));

        assertThat(put.rejectedLogEventsInfo().tooNewLogEventStartIndex()).isEqualTo(2);
        assertThat(head.events()).extracting(e -> e.message()).containsExactly("delivered 10 rows");
        assertThat(next.events()).extracting(e -> e.message()).containsExactly("schema resolution failure for offset 4");
        assertThat(filtered.events()).extracting(e -> e.logStreamName()).containsExactly("delivery", "errors");
        assertThat(phrase.events()).hasSize(1);
        assertThatThrownBy(() -> logs.createLogStream(r -> r.logGroupName(GROUP).logStreamName("delivery")))
                .isInstanceOf(ResourceAlreadyExistsException.class);
        assertThatThrownBy(() -> logs.putLogEvents(r -> r.logGroupName(GROUP).logStreamName("none")
                .logEvents(event(t, "x")))).isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> logs.putLogEvents(r -> r.logGroupName(GROUP).logStreamName("delivery")
                .logEvents(event(t + 5, "b"), event(t, "a")))).isInstanceOf(InvalidParameterException.class);
    }

    private static InputLogEvent event(long ts, String message) {
        return InputLogEvent.builder().timestamp(ts).message(message).build();
    }
}
