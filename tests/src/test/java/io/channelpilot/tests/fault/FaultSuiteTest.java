package io.channelpilot.tests.fault;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.world.cloudwatch.MetricAlarm;
import io.channelpilot.local.world.http.ApiCallLog;
import io.channelpilot.local.world.lakeformation.PermissionStore;
import io.channelpilot.local.world.msk.ChannelView;
import io.channelpilot.local.world.sns.PublishedMessage;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;
import io.channelpilot.tests.Repo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * Issue 8.3 in the default suite, small: 10 topics provisioned and a redrive of 20 dead-lettered records under 30%
 * throttling + 5% 5xx (2% of them after the call took effect) + latency on every emulated operation. Issue 16.4: the
 * test first proves the faults were injected (per operation class, near the configured rates), then that the reconcile
 * sweep converged with the faults still on (at most {@link FaultSuite#MAX_SWEEPS} sweeps), and only then checks the
 * end state: no duplicate channel, alarm, grant or re-produced record ({@link FaultSuiteBenchmark} runs the full
 * 50 topics / 300 records under -Pbenchmarks).
 */
class FaultSuiteTest {

    @Test
    void shouldConvergeWithoutDuplicatesWhenEveryOperationIsThrottledFailedAndSlowed() {
        runAndCheck(Integer.getInteger("fault.suite.topics", 10), Integer.getInteger("fault.suite.records", 20));
    }

    /** Runs the scenario and asserts the properties; prints and writes the FAULT SUITE line. */
    static void runAndCheck(int topicCount, int dlqRecords) {
        long started = System.nanoTime();
        try (FaultSuite suite = FaultSuite.prepare(topicCount, dlqRecords)) {
            suite.run();
            long wallMs = (System.nanoTime() - started) / 1_000_000;
            List<ApiCallLog.Call> calls = suite.callsSinceMark();
            String line = line(suite, topicCount, dlqRecords, wallMs, calls, notificationKinds(suite));
            System.out.println(line);
            System.out.println("FAULT SUITE notifications " + notificationKinds(suite));
            System.out.println("FAULT SUITE diagnostics\n" + suite.diagnostics());
            write(topicCount, line);

            // the faults claimed were injected: per operation class, each kind non-zero and within 4 sigma of rate x calls
            InjectionTally tally = InjectionTally.of(calls);
            assertThat(tally.departures(FaultSuite.THROTTLE, FaultSuite.SERVER_ERROR, FaultSuite.SERVER_ERROR_AFTER, 4))
                    .as("injected faults vs configured rates (%s)", tally.summary()).isEmpty();
            // ... and the product converged under them: the last sweep, with the faults on, found nothing to do
            JsonNode last = suite.sweeps.get(suite.sweeps.size() - 1);
            assertThat(FaultSuite.clean(last)).as("converged with the faults on within %d sweeps: drift %s, errors %s",
                    FaultSuite.MAX_SWEEPS, suite.sweeps.stream().map(FaultSuite::drifted).toList(),
                    suite.sweeps.stream().map(FaultSuite::errorCodes).toList()).isTrue();

            // every topic has exactly one channel, ACTIVE
            Map<String, List<ChannelView>> byTopic = suite.world.services().msk().channels().stream()
                    .filter(c -> c.clusterArn().equals(suite.clusterArn))
                    .collect(Collectors.groupingBy(c -> c.spec().topicName()));
            for (String topic : suite.topics) {
                assertThat(byTopic.get(topic)).as("channels of %s", topic).hasSize(1);
                assertThat(byTopic.get(topic).get(0).status().name()).as("status of %s", topic).isEqualTo("ACTIVE");
            }
            // ... and one successful CreateChannel per channel that appeared (the sweep also creates the seeded
            // orders.updated's), none deleted
            List<ChannelView> created = suite.world.services().msk().channels().stream()
                    .filter(c -> !suite.channelsBefore.contains(c.arn())).toList();
            assertThat(created.stream().map(c -> c.spec().topicName())).doesNotHaveDuplicates().containsAll(suite.topics);
            // a CreateChannel that took effect answered 200, or had its answer replaced by an injected 5xx (lost response)
            long tookEffect = calls.stream().filter(c -> c.key().equals("kafka:CreateChannel")
                    && (c.status() == 200 || "5xx-after".equals(c.fault()))).count();
            assertThat(tookEffect).as("CreateChannel calls that created a channel").isEqualTo(created.size());
            assertThat(calls).noneMatch(c -> c.key().equals("kafka:DeleteChannel"));

            // exactly the three alarms per channel, no duplicate names
            List<MetricAlarm> alarms = suite.world.cloudWatch().alarms();
            for (String topic : suite.topics) {
                String channel = byTopic.get(topic).get(0).spec().name();
                assertThat(alarms.stream().filter(a -> channel.equals(a.dimensions().get("ChannelName")))
                        .map(MetricAlarm::alarmName).toList()).as("alarms of %s", channel).hasSize(3).doesNotHaveDuplicates();
            }
            assertThat(alarms.stream().map(MetricAlarm::alarmName).toList()).doesNotHaveDuplicates();

            // grants: one DATABASE and one TABLE wildcard grant per principal and namespace, with exactly the permissions
            List<PermissionStore.Grant> grants = suite.world.services().lakeFormation().store().grants();
            assertThat(grants.stream().map(g -> g.principal() + "|" + g.resourceKey()).toList()).doesNotHaveDuplicates();
            assertThat(grants).filteredOn(g -> g.resourceKey().contains("|sales")).hasSize(2)
                    .allSatisfy(g -> assertThat(g.permissions()).isSubsetOf(Set.of("SELECT", "DESCRIBE")));

            // the redrive: task succeeded, every repairable record re-produced exactly once (none lost, none twice)
            assertThat(suite.taskId).as("redrive start attempts %s", suite.cliAttempts).isNotNull();
            JsonNode status = suite.cli("redrive", "status", "--task", suite.taskId, "--output", "json").json();
            assertThat(status.path("state").asText()).as("redrive task %s", status).isEqualTo("SUCCEEDED");
            List<ConsumerRecord<byte[], byte[]>> copies = suite.redrivenCopies();
            List<String> copiesOf = copies.stream()
                    .filter(r -> suite.taskId.equals(FaultSuite.header(r, RedriveHeaders.REDRIVE_TASK)))
                    .map(r -> FaultSuite.header(r, RedriveHeaders.REDRIVE_OF)).toList();
            assertThat(copiesOf).as("re-produced copies").doesNotHaveDuplicates().hasSize(dlqRecords);
            assertThat(status.at("/counters/reproduced").asLong()).isEqualTo(dlqRecords);

            // notifications: each new channel's last word is CHANNEL_ACTIVE, nothing CRITICAL about them, redrive finished
            Map<String, List<String>> kinds = notificationKinds(suite);
            for (String topic : suite.topics) {
                List<String> k = kinds.getOrDefault(topic, List.of());
                assertThat(k).as("notifications about %s", topic).isNotEmpty();
                assertThat(k.get(k.size() - 1)).as("last notification about %s: %s", topic, k).isEqualTo("CHANNEL_ACTIVE");
                assertThat(k).as("notifications about %s", topic).doesNotContain("CHANNEL_FAILED", "CHANNEL_TIMEOUT");
            }
            assertThat(kinds.getOrDefault(FaultSuite.REDRIVE_TOPIC, List.of())).contains("REDRIVE_FINISHED");
            // a notification sent twice is SNS at-least-once after a lost Publish response, never a second execution's
            long repeatedActive = suite.topics.stream().mapToLong(t -> kinds.get(t).stream()
                    .filter("CHANNEL_ACTIVE"::equals).count() - 1).sum();
            long lostPublishes = calls.stream()
                    .filter(c -> c.key().equals("sns:Publish") && "5xx-after".equals(c.fault())).count();
            assertThat(repeatedActive).as("repeated CHANNEL_ACTIVE notifications").isLessThanOrEqualTo(lostPublishes);
        }
    }

    /** Notification kinds per topic, in publication order. */
    static Map<String, List<String>> notificationKinds(FaultSuite suite) {
        Map<String, List<String>> out = new TreeMap<>();
        for (PublishedMessage m : suite.world.sns().published()) {
            try {
                JsonNode n = FaultSuite.JSON.readTree(m.defaultMessage());
                out.computeIfAbsent(n.path("topic").asText(""), k -> new ArrayList<>()).add(n.path("kind").asText());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    static String line(FaultSuite suite, int topics, int records, long wallMs, List<ApiCallLog.Call> calls,
                       Map<String, List<String>> kinds) {
        long faults = calls.stream().filter(c -> c.fault() != null).count();
        long throttled = calls.stream().filter(c -> "throttle".equals(c.fault())).count();
        long serverErrors = calls.stream().filter(c -> "5xx".equals(c.fault())).count();
        long lostResponses = calls.stream().filter(c -> "5xx-after".equals(c.fault())).count();
        Map<String, Long> retries = suite.runnerRetries();
        long runnerRetries = retries.values().stream().mapToLong(Long::longValue).sum();
        List<ExecutionDescription> provisioning = suite.executions(FaultSuite.PROVISIONING);
        Map<ExecutionStatus, Long> byStatus = new TreeMap<>(provisioning.stream()
                .collect(Collectors.groupingBy(ExecutionDescription::status, Collectors.counting())));
        Map<String, Long> notes = new LinkedHashMap<>();
        long repeated = 0;
        for (String t : suite.topics) {
            List<String> k = kinds.getOrDefault(t, List.of());
            k.forEach(kind -> notes.merge(kind, 1L, Long::sum));
            repeated += k.size() - k.stream().distinct().count();
        }
        long lostPublishes = calls.stream()
                .filter(c -> c.key().equals("sns:Publish") && "5xx-after".equals(c.fault())).count();
        return String.format(java.util.Locale.ROOT, "FAULT SUITE topics=%d dlqRecords=%d wall=%.1fs (faults on: executions %.1fs, "
                        + "sweeps %.1fs): calls under faults=%d, "
                        + "injected=%d (throttled=%d, 5xx=%d, 5xx after the call took effect=%d; by service %s), "
                        + "runner retries=%d %s, errors caught %s, provisioning executions=%d %s, "
                        + "CreateChannel ok=%d (lost response=%d, 409=%d), sweeps under faults=%d (drifted %s, errors %s), "
                        + "redrive start attempts=%d, by operation class: %s, "
                        + "notifications about the new topics %s (repeated=%d; sns:Publish responses lost=%d)",
                topics, records, wallMs / 1000.0, suite.eventsMs / 1000.0, suite.sweepsMs / 1000.0, calls.size(), faults, throttled, serverErrors, lostResponses,
                suite.faultsByKind(), runnerRetries, retries, suite.runnerCaught(), provisioning.size(), byStatus,
                calls.stream().filter(c -> c.key().equals("kafka:CreateChannel") && c.status() == 200).count(),
                calls.stream().filter(c -> c.key().equals("kafka:CreateChannel") && "5xx-after".equals(c.fault())).count(),
                calls.stream().filter(c -> c.key().equals("kafka:CreateChannel") && c.status() == 409).count(),
                suite.sweeps.size(), suite.sweeps.stream().map(FaultSuite::drifted).toList(),
                suite.sweeps.stream().map(FaultSuite::errorCodes).toList(), suite.cliAttempts.size(),
                InjectionTally.of(calls).summary(), notes,
                repeated, lostPublishes);
    }

    private static void write(int topics, String line) {
        try {
            Path out = Repo.root().resolve("tests/target/benchmarks/fault-suite-" + topics + ".txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, line + System.lineSeparator());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
