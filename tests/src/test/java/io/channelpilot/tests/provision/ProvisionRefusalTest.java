package io.channelpilot.tests.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.tests.provision.ProvisioningWorld.Mark;
import io.channelpilot.tests.provision.ProvisioningWorld.Note;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 5 "Done means", validation refusals: a rule streaming tables cannot serve creates nothing — no log group, no
 * channel, no alarm — and the owner gets ONE VALIDATION_REFUSED notification naming the rule code, the remediation
 * and, where streaming tables cannot serve at all, the alternatives, although the tag change arrives twice
 * (CloudTrail TagResource and aws.tag) and both executions refuse. Clusters {@code it-standard} (kafka.m5 brokers)
 * and {@code it-refuse} (Express); each test owns its topic.
 */
@ExtendWith(SharedProvisioningWorld.class)
class ProvisionRefusalTest {

    static final String EXPRESS = "it-refuse";
    static final String STANDARD = "it-standard";

    private static ProvisioningWorld pw;

    @BeforeAll
    static void world(ProvisioningWorld shared) {
        pw = shared;
    }

    @Test
    void shouldRefuseWithTheAlternativesWhenTheClusterHasStandardBrokers() {
        Mark mark = pw.mark();

        pw.tag(STANDARD, "channel-pilot/clicks", "topic=clicks namespace=web schema=sales/orders partition=event_time");

        Note refusal = assertRefusedOnce(mark, STANDARD, "clicks", "CLUSTER_EXPRESS");
        assertThat(refusal.factsStartingWith("alternative.")).singleElement().asString()
                .contains("DATA_FIREHOSE_MSK_SOURCE").contains("KAFKA_CONNECT_S3_SINK")
                .contains("MANAGED_SERVICE_FOR_APACHE_FLINK");
        assertThat(refusal.actionLabels()).anySatisfy(l -> assertThat(l).contains("Data Firehose"))
                .anySatisfy(l -> assertThat(l).contains("Kafka Connect"))
                .anySatisfy(l -> assertThat(l).contains("Managed Service for Apache Flink"));
        assertThat(refusal.message().path("summary").asText()).contains("kafka.m5.large").contains("Express");
    }

    @Test
    void shouldRefuseWithFlinkWhenTheSchemaIsAvro() {
        Mark mark = pw.mark();

        pw.tag(EXPRESS, "channel-pilot/refunds", "topic=refunds namespace=sales schema=sales/refunds partition=event_time");

        Note refusal = assertRefusedOnce(mark, EXPRESS, "refunds", "SCHEMA_DATA_FORMAT");
        assertThat(String.join(",", refusal.factsStartingWith("alternative.")))
                .contains("MANAGED_SERVICE_FOR_APACHE_FLINK");
        assertThat(refusal.message().path("summary").asText()).contains("AVRO");
        assertThat(refusal.actionLabels()).anySatisfy(l -> assertThat(l).contains("Managed Service for Apache Flink"));
    }

    @Test
    void shouldRefuseWhenThePartitionColumnIsNotADateTime() {
        Mark mark = pw.mark();

        pw.tag(EXPRESS, "channel-pilot/badpart", "topic=orders.badpart namespace=sales schema=sales/orders"
                + " partition=order_id");

        Note refusal = assertRefusedOnce(mark, EXPRESS, "orders.badpart", "PARTITION_COLUMN");
        assertThat(refusal.message().path("summary").asText()).contains("order_id");
        assertThat(refusal.actionLabels()).anySatisfy(l -> assertThat(l).contains("date-time"));
    }

    @Test
    void shouldRefuseWhenTheFreshnessIsBelowTheMinimum() {
        Mark mark = pw.mark();

        pw.tag(EXPRESS, "channel-pilot/fresh120", "topic=orders.fresh120 namespace=sales schema=sales/orders"
                + " partition=event_time freshness=120");

        Note refusal = assertRefusedOnce(mark, EXPRESS, "orders.fresh120", "FRESHNESS_RANGE");
        assertThat(refusal.message().path("summary").asText()).contains("120");
        assertThat(refusal.actionLabels()).anySatisfy(l -> assertThat(l).contains("300").contains("900"));
    }

    /**
     * Nothing was created for the topic: no log group, no channel, no alarm; both deliveries of the tag change ran an
     * execution and every execution succeeded (a refusal is an outcome, not a failure); exactly one notification about
     * the topic was sent, a VALIDATION_REFUSED naming {@code code}.
     */
    private static Note assertRefusedOnce(Mark mark, String cluster, String topic, String code) {
        assertThat(pw.channels(cluster, topic)).isEmpty();
        assertThat(pw.callsSince(mark)).doesNotContain("kafka:CreateChannel", "logs:CreateLogGroup",
                "cloudwatch:PutMetricAlarm");
        assertThat(pw.executionsSince(mark)).isNotEmpty()
                .allSatisfy(e -> assertThat(e.status()).isEqualTo(ExecutionStatus.SUCCEEDED));
        List<Note> notes = pw.notificationsSince(mark, topic);
        // the tag change arrives twice (CloudTrail TagResource and aws.tag): both deliveries ran an execution that
        // re-validated and refused, yet the owner gets exactly ONE notification (NotificationDedupe)
        List<String> sources = pw.executionsSince(mark).stream()
                .map(e -> e.input().path("trigger").path("source").asText(e.input().path("source").asText())).sorted().toList();
        assertThat(sources).containsExactly("aws.kafka", "aws.tag");
        assertThat(notes).hasSize(1);
        assertThat(notes).allSatisfy(n -> {
            assertThat(n.kind()).isEqualTo("VALIDATION_REFUSED");
            assertThat(n.severity()).isEqualTo("WARNING");
            assertThat(n.factsStartingWith("error.")).contains(code);
            assertThat(n.subject()).startsWith("[Channel Pilot] WARNING");
        });
        return notes.get(0);
    }
}
