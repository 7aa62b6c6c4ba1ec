package io.channelpilot.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import io.channelpilot.gateway.Facts;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.validation.FakeAws;
import io.channelpilot.validation.ValidationEngine;
import io.channelpilot.validation.ValidationSettings;
import io.channelpilot.workflow.AwsThrottled;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.lambda.powertools.metrics.MetricsFactory;

class ValidateChannelHandlerTest {

    private static final String MARKER = "PAYLOAD-MARKER-7f3a";

    /** The test world: the one in which events/validate-channel/valid.json passes every rule. */
    private static FakeAws world() {
        FakeAws aws = new FakeAws();
        aws.schema = Optional.of(new Facts.Schema("arn:aws:glue:us-east-1:123456789012:schema/sales-registry/orders", "JSON",
                "AVAILABLE", 3, FakeAws.GOOD_SCHEMA.replace("\"order_id\":{\"type\":\"string\"}",
                        "\"order_id\":{\"type\":\"string\",\"description\":\"" + MARKER + "\"}")));
        aws.schemasByName.put("sales-registry/orders-avro", Optional.of(new Facts.Schema(
                "arn:aws:glue:us-east-1:123456789012:schema/sales-registry/orders-avro", "AVRO", "AVAILABLE", 1, "{\"type\":\"record\"}")));
        return aws;
    }

    private static ValidateChannelHandler handler(FakeAws aws) {
        return new ValidateChannelHandler(new ValidateWiring(new ValidateChannelService(TestSpecs.stack(),
                ValidationSettings.from(Map.of()), aws.gateways(), ValidationEngine.standard(), MetricsFactory.getMetricsInstance())));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> invoke(ValidateChannelHandler handler, String event) {
        Map<String, Object> input = EventLoader.loadEvent("events/validate-channel/" + event, Map.class);
        return invoke(handler, input);
    }

    /** As the Lambda runtime calls a stream handler: the JSON bytes in, the JSON bytes out. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> invoke(ValidateChannelHandler handler, Object input) {
        try {
            byte[] bytes = input instanceof byte[] b ? b : ValidateCommand.MAPPER.writeValueAsBytes(input);
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            handler.handleRequest(new java.io.ByteArrayInputStream(bytes), out, new TestContext());
            return ValidateCommand.MAPPER.readValue(out.toByteArray(), Map.class);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> findings(Map<String, Object> report) {
        return (List<Map<String, Object>>) report.get("findings");
    }

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @CsvSource({
        "freshness-out-of-range.json,    FAIL, FRESHNESS_RANGE,     '',                                 between 300 and 900",
        "invalid-table-name.json,        FAIL, TABLE_NAMES_VALID,   '',                                 table=orders_v1",
        "needs-cdc-upserts.json,         FAIL, NEEDS_SUPPORTED,     MANAGED_SERVICE_FOR_APACHE_FLINK,   Managed Service for Apache Flink",
        "table-bucket-other-region.json, FAIL, TABLE_BUCKET_REGION, '',                                 table bucket in us-east-1",
        "avro-schema.json,               FAIL, SCHEMA_DATA_FORMAT,  MANAGED_SERVICE_FOR_APACHE_FLINK,   Managed Service for Apache Flink",
        "missing-topic.json,             FAIL, TOPIC_EXISTS,        '',                                 Create the topic",
        "bad-log-group.json,             FAIL, LOG_GROUP_NAME,      '',                                 LogGroupPrefix",
        "partition-not-date-time.json,   FAIL, PARTITION_COLUMN,    '',                                 date-time"})
    void shouldFailEachSampleEventForItsDocumentedReason(String event, String verdict, String code, String alternative, String fix) {
        // when
        Map<String, Object> report = invoke(handler(world()), event);
        // then
        assertThat(report).containsEntry("verdict", verdict).containsEntry("passed", false);
        assertThat(findings(report)).anySatisfy(f -> {
            assertThat(f).containsEntry("code", code).containsEntry("status", "FAIL").containsEntry("severity", "ERROR");
            assertThat((String) f.get("remediation")).contains(fix);
            if (!alternative.isEmpty()) {
                assertThat((List<String>) f.get("alternatives")).contains(alternative);
            }
        });
    }

    @Test
    void shouldPassTheValidSampleAndNeverLogTheSchemaOrPayloadText() {
        // given logs captured from stdout
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        Map<String, Object> report;
        try {
            // when
            report = invoke(handler(world()), "valid.json");
        } finally {
            System.setOut(original);
        }
        // then
        assertThat(report).containsEntry("verdict", "PASS").containsEntry("passed", true)
                .containsEntry("channelName", "orders-94bb38de00")
                .containsEntry("fingerprint", "28def9d3bb12e92d08d127db90b3ffa465577ea6cc2d47b2cffda3f5e32b87da");
        assertThat(findings(report)).allSatisfy(f -> assertThat(f).containsEntry("status", "PASS"));
        String logs = captured.toString(StandardCharsets.UTF_8);
        assertThat(logs).contains("\"message\":\"validated cluster=").contains("verdict=PASS");
        assertThat(logs).doesNotContain(MARKER);
        assertThat(logs).as("EMF metrics blob").contains("\"ValidationsPassed\"").contains("\"_aws\"");
    }

    @Test
    void shouldAskTheWorkflowToRetryInsteadOfRefusingWhenAwsIsUnreachable() {
        // given clients pointed at a closed loopback port, no retries
        Map<String, String> env = new HashMap<>(TestSpecs.env());
        env.putAll(Map.of("AWS_REGION", "us-east-1", "AWS_ENDPOINT_URL", "http://127.0.0.1:9", "AWS_ACCESS_KEY_ID", "test",
                "AWS_SECRET_ACCESS_KEY", "test", "AWS_MAX_ATTEMPTS", "1"));
        // when / then: every rule was UNKNOWN for a transient reason (unavailable): AwsThrottled, retried by the ASL,
        // never a VALIDATION_REFUSED telling the owner to fix tags that are fine (issue 8.3 fault suite)
        assertThatThrownBy(() -> invoke((ValidateChannelHandler) new ValidateChannelEntry().create(FunctionEnvironment.of(env)), "valid.json"))
                .isInstanceOf(AwsThrottled.class).hasMessageContaining("CLUSTER_EXPRESS").hasMessageStartingWith("AWS_THROTTLED");
    }

    @Test
    void shouldRetryWhenAnErrorRuleCouldNotBeCheckedBecauseItsLookupWasThrottled() {
        // given the cluster lookup throttled (after the SDK's retries), everything else answering
        FakeAws aws = world();
        aws.failures.put("DescribeClusterV2", FakeAws.throttled("kafka", "DescribeClusterV2", "kafka:DescribeClusterV2"));
        // when / then
        assertThatThrownBy(() -> invoke(handler(aws), "valid.json")).isInstanceOf(AwsThrottled.class)
                .hasMessageContaining("CLUSTER_EXPRESS");
    }

    @Test
    void shouldStillReportIncompleteWhenALookupWasDenied() {
        // given the cluster lookup denied: running again would not help, the owner must grant the permission
        FakeAws aws = world();
        aws.failures.put("DescribeClusterV2", FakeAws.denied("kafka", "DescribeClusterV2", "kafka:DescribeClusterV2"));
        // when
        Map<String, Object> report = invoke(handler(aws), "valid.json");
        // then
        assertThat(report).containsEntry("verdict", "INCOMPLETE").containsEntry("passed", false);
        assertThat(findings(report)).filteredOn(f -> "CLUSTER_EXPRESS".equals(f.get("code"))).singleElement()
                .satisfies(f -> assertThat(f).containsEntry("status", "UNKNOWN").doesNotContainKey("retryable"));
    }

    @Test
    void shouldRejectAnInputWithoutAnIntent() {
        assertThatThrownBy(() -> invoke(handler(world()), Map.of("correlationId", "x")))
                .isInstanceOf(io.channelpilot.workflow.InvalidTaskInput.class)
                .hasMessageStartingWith("INPUT_FIELD_MISSING: intent: is missing or empty Remediation: Pass the Map iteration's state");
    }

    @ParameterizedTest(name = "body <{0}>")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"[1,2]", "\"text\"", "null", "{not json", ""})
    void shouldAnswerInputNotObjectForABodyThatIsNotAJsonObject(String body) {
        // a stream handler reads the bytes itself: the refusal is ours and coded, not the runtime serializer's
        assertThatThrownBy(() -> invoke(handler(world()), body.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .isInstanceOf(io.channelpilot.workflow.InvalidTaskInput.class)
                .hasMessageStartingWith("INPUT_NOT_OBJECT: $:");
    }
}
