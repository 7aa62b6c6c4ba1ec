package io.channelpilot.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class S3TablesNamesTest {

    private static final int RUNS = 5_000;

    @Test
    void shouldAlwaysProduceValidNamesForAnyInput() {
        NameGenerator gen = new NameGenerator(42);
        for (int i = 0; i < RUNS; i++) {
            String input = gen.anything();
            String table = S3TablesNames.sanitiseTable(input);
            String namespace = S3TablesNames.sanitiseNamespace(input);
            assertThat(S3TablesNames.isValidTable(table)).as("table for %s -> %s", input, table).isTrue();
            assertThat(S3TablesNames.violations(table, false)).isEmpty();
            assertThat(S3TablesNames.isValidNamespace(namespace)).as("namespace for %s -> %s", input, namespace).isTrue();
            assertThat(S3TablesNames.violations(namespace, true)).isEmpty();
        }
    }

    @Test
    void shouldBeDeterministic() {
        NameGenerator first = new NameGenerator(7);
        NameGenerator second = new NameGenerator(7);
        for (int i = 0; i < RUNS; i++) {
            String a = first.anything();
            String b = second.anything();
            assertThat(S3TablesNames.sanitiseTable(a)).isEqualTo(S3TablesNames.sanitiseTable(b));
        }
    }

    @Test
    void shouldRarelyMapDistinctTopicsToOneTable() {
        // given thousands of distinct random topic names
        NameGenerator gen = new NameGenerator(2026);
        Set<String> topics = new HashSet<>();
        while (topics.size() < RUNS) {
            topics.add(gen.topic());
        }
        // when each is sanitised
        Map<String, String> seen = new HashMap<>();
        int collisions = 0;
        for (String topic : topics) {
            String previous = seen.putIfAbsent(S3TablesNames.sanitiseTable(topic), topic);
            if (previous != null) {
                collisions++;
            }
        }
        // then collisions are rare (only names differing in case or in . - _ can meet)
        assertThat(collisions).isLessThan(RUNS / 100);
    }

    @ParameterizedTest
    @CsvSource({
        "orders, orders",
        "Sales.Orders-v2, sales_orders_v2",
        "already_valid_1, already_valid_1"})
    void shouldKeepReadableNamesWhenOnlyCharactersMap(String topic, String expected) {
        assertThat(S3TablesNames.sanitiseTable(topic)).isEqualTo(expected);
    }

    @Test
    void shouldAppendHashWhenInformationIsLost() {
        String a = S3TablesNames.sanitiseTable("_orders");
        String b = S3TablesNames.sanitiseTable("orders_");
        assertThat(a).startsWith("orders_").hasSize("orders_".length() + 8);
        assertThat(a).isNotEqualTo(b).isNotEqualTo("orders");
        assertThat(S3TablesNames.sanitiseNamespace("aws_data")).startsWith("ns_aws_data_");
        assertThat(S3TablesNames.sanitiseTable("x".repeat(300))).hasSize(255);
        assertThat(S3TablesNames.sanitiseTable("")).startsWith("t_");
    }

    @Test
    void shouldListEveryViolation() {
        assertThat(S3TablesNames.violations("_Aws-", true)).containsExactly(
                "may contain only lowercase letters, digits and '_'",
                "must begin and end with a letter or digit");
        assertThat(S3TablesNames.violations("awsdata", true)).containsExactly("a namespace must not start with 'aws'");
        assertThat(S3TablesNames.violations("awsdata", false)).isEmpty();
    }
}
