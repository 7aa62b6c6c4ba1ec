package io.channelpilot.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ConformanceCodeTest {

    @Test
    void shouldRoundTripStableStringsWhenParsingCodes() {
        for (ConformanceCode code : ConformanceCode.values()) {
            assertThat(ConformanceCode.fromCode(code.code())).contains(code);
        }
        assertThat(ConformanceCode.fromCode("NO_SUCH_CODE")).isEmpty();
    }

    @Test
    void shouldGiveEveryCodeARemediationAndOnlyErrorsForRecordRejections() {
        for (ConformanceCode code : ConformanceCode.values()) {
            assertThat(code.remediation()).as(code.code()).isNotBlank();
            if (code.appliesToRecords()) {
                assertThat(code.severity()).as(code.code()).isEqualTo(ConformanceCode.Severity.ERROR);
            }
        }
        assertThat(Arrays.stream(ConformanceCode.values()).filter(c -> c.level() == ConformanceCode.Level.BOTH))
                .containsExactly(ConformanceCode.NESTING_TOO_DEEP);
    }

    @Test
    void shouldNameTheFixWhenRemediatingTheDocumentedCauses() {
        assertThat(ConformanceCode.PARTITION_COLUMN_NOT_DATE_TIME.remediation()).contains("\"format\": \"date-time\"");
        assertThat(ConformanceCode.SCHEMA_DRAFT_UNSUPPORTED.remediation()).contains("draft-07");
        assertThat(ConformanceCode.COLUMN_NAME_NOT_LOWERCASE.remediation()).contains("lowercase");
        assertThat(ConformanceCode.MISSING_REQUIRED_FIELD.remediation()).contains("`default` repair rule");
        assertThat(ConformanceCode.TYPE_MISMATCH.remediation()).contains("`coerce` repair rule");
        assertThat(ConformanceCode.SCHEMA_REF_CYCLE.remediation()).contains("recursive");
        assertThat(ConformanceCode.NESTING_TOO_DEEP.remediation()).contains("16 levels");
    }
}
