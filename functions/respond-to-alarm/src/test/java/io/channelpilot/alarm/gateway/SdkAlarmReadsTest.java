package io.channelpilot.alarm.gateway;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;

class SdkAlarmReadsTest {

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void shouldReadRetentionFromBase64JsonOrPropertiesConfigs() {
        assertThat(SdkAlarmReads.retention(b64("{\"retention.ms\":\"604800000\",\"cleanup.policy\":\"delete\"}"))).contains(604800000L);
        assertThat(SdkAlarmReads.retention(b64("cleanup.policy=delete\nretention.ms=-1\n"))).contains(-1L);
    }

    @Test
    void shouldBeUnknownWhenConfigsAreNotBase64OrLackRetention() {
        assertThat(SdkAlarmReads.retention("%%%")).isEmpty();
        assertThat(SdkAlarmReads.retention(b64("{\"cleanup.policy\":\"compact\"}"))).isEmpty();
    }
}
