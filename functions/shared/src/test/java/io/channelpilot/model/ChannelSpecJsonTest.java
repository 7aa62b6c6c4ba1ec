package io.channelpilot.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** ChannelSpec travels as JSON between the Lambdas (intent.desired): the round trip must be lossless. */
class ChannelSpecJsonTest {

    private final ObjectMapper mapper = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    @Test
    void shouldRoundTripThroughJsonWithRepairRulesInCanonicalForm() throws Exception {
        ChannelSpec spec = TestSpecs.orders();

        String json = mapper.writeValueAsString(spec);
        ChannelSpec back = mapper.readValue(json, ChannelSpec.class);

        assertThat(back).isEqualTo(spec);
        assertThat(back.fingerprint()).isEqualTo(spec.fingerprint());
        assertThat(json).contains("\"repair\":[\"drop:/debug\"]").contains("\"format\":\"JSON\"").doesNotContain("topicArn");
    }
}
