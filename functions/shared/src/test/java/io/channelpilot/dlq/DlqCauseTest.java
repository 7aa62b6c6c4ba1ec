package io.channelpilot.dlq;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class DlqCauseTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "MISSING_REQUIRED_FIELD||MISSING_REQUIRED_FIELD",
            "TYPE_MISMATCH||TYPE_MISMATCH",
            "INVALID_FORMAT||TYPE_MISMATCH",
            "NUMBER_OUT_OF_RANGE||TYPE_MISMATCH",
            "NOT_AN_OBJECT||TYPE_MISMATCH",
            "MALFORMED_JSON||MALFORMED_JSON",
            "NESTING_TOO_DEEP||NESTING_TOO_DEEP",
            "GSR_ENVELOPE_INVALID||SCHEMA_RESOLUTION",
            "GSR_SCHEMA_NOT_FOUND||SCHEMA_RESOLUTION",
            "GSR_SCHEMA_CHANGED||SCHEMA_RESOLUTION",
            "Missing required field||MISSING_REQUIRED_FIELD",
            "Type mismatch||TYPE_MISMATCH",
            "Schema resolution failure||SCHEMA_RESOLUTION",
            "SchemaResolutionFailure||SCHEMA_RESOLUTION",
            "missingRequiredField||MISSING_REQUIRED_FIELD",
            "|Required field /id is missing|MISSING_REQUIRED_FIELD",
            "|Unexpected character at position 3: could not parse|MALFORMED_JSON",
            "|Maximum nesting depth 16 exceeded|NESTING_TOO_DEEP",
            "E42|Embedded schema id does not resolve|SCHEMA_RESOLUTION",
            "E42|something odd|UNKNOWN",
            "||UNKNOWN"})
    void shouldClassifyCodesAndFreeTextWhenMapped(String code, String message, DlqCause expected) {
        assertThat(DlqCause.classify(code, message)).isEqualTo(expected);
    }
}
