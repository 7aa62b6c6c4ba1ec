package io.channelpilot.tests.fault;

import org.junit.jupiter.api.Test;

/**
 * Issue 8.3 at full size, under -Pbenchmarks only: 50 topics provisioned and a redrive of 300 dead-lettered records
 * under 30% throttling + 5% 5xx (2% after the call took effect) + latency on every emulated operation; the same
 * assertions as {@link FaultSuiteTest}
 * (which guards the property in the default suite with 10 topics). Result in tests/target/benchmarks/fault-suite-50.txt
 * and docs/BENCHMARKS.md.
 */
class FaultSuiteBenchmark {

    @Test
    void shouldConvergeWithoutDuplicatesForFiftyTopicsAndARedriveOfThreeHundredRecords() {
        FaultSuiteTest.runAndCheck(50, 300);
    }
}
