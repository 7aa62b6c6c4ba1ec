package io.channelpilot.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.Home;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TaskInputsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Home HOME = Home.from(Map.of("AWS_REGION", "us-east-1",
            "CHANNEL_PILOT_SERVICE_ROLE_ARN", "arn:aws:iam::123456789012:role/channel-pilot-delivery"));

    record Sample(String name, int count) {
        Sample {
            java.util.Objects.requireNonNull(name, "name");
        }
    }

    @Test
    void shouldNameThePathAndNeverQuoteTheValueWhenATypeIsWrong() throws Exception {
        // GIVEN a value that a Jackson message would quote
        JsonNode input = JSON.readTree("{\"sample\":{\"name\":\"n\",\"count\":\"SECRET-VALUE\"}}");

        // WHEN bound; THEN the code, the path and the expectation, without the value
        assertThatThrownBy(() -> TaskInputs.bind(JSON, input, "sample", "sample", Sample.class, "Fix it."))
                .isInstanceOfSatisfying(InvalidTaskInput.class, e -> {
                    assertThat(e.inputCode()).isEqualTo(InvalidTaskInput.Code.INPUT_FIELD_INVALID);
                    assertThat(e.field()).isEqualTo("sample.count");
                    assertThat(e.getMessage()).startsWith("INPUT_FIELD_INVALID: sample.count: ").endsWith("Remediation: Fix it.")
                            .doesNotContain("SECRET-VALUE");
                });
    }

    @Test
    void shouldReportAMissingRecordComponentAsMissingWithItsPath() throws Exception {
        JsonNode input = JSON.readTree("{\"sample\":{\"count\":1}}");

        assertThatThrownBy(() -> TaskInputs.bind(JSON, input, "sample", "sample", Sample.class, "Fix it."))
                .isInstanceOfSatisfying(InvalidTaskInput.class, e -> {
                    assertThat(e.inputCode()).isEqualTo(InvalidTaskInput.Code.INPUT_FIELD_MISSING);
                    assertThat(e.field()).isEqualTo("sample.name");
                });
    }

    @Test
    void shouldRefuseAClusterOfAnotherAccountRegionOrPartitionWhenTheHomeIsKnown() {
        assertThatThrownBy(() -> TaskInputs.home(HOME, "arn:aws:kafka:us-east-1:999988887777:cluster/c/u-1", "intent.clusterArn", "Fix."))
                .isInstanceOfSatisfying(InvalidTaskInput.class, e -> assertThat(e.getMessage()).isEqualTo(
                        "INPUT_ARN_FOREIGN: intent.clusterArn: names account 999988887777, this stack runs in account "
                                + "123456789012 Remediation: Fix."));
        assertThatThrownBy(() -> TaskInputs.home(HOME, "arn:aws:kafka:eu-west-1:123456789012:cluster/c/u-1", "f", "Fix."))
                .hasMessageContaining("names Region eu-west-1");
        assertThatThrownBy(() -> TaskInputs.home(HOME, "arn:aws-cn:kafka:us-east-1:123456789012:cluster/c/u-1", "f", "Fix."))
                .hasMessageContaining("names partition aws-cn");
        TaskInputs.home(HOME, "arn:aws:kafka:us-east-1:123456789012:cluster/c/u-1", "f", "Fix.");
        TaskInputs.home(Home.unknown(), "arn:aws:kafka:eu-west-1:999988887777:cluster/c/u-1", "f", "Fix.");
    }
}
