package io.channelpilot.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChannelNamesTest {

    @Test
    void shouldAlwaysMatchTheChannelNamePatternAndBeDeterministic() {
        NameGenerator gen = new NameGenerator(11);
        for (int i = 0; i < 5_000; i++) {
            String topic = gen.topic();
            String table = S3TablesNames.sanitiseTable(gen.anything());
            String name = ChannelNames.of(topic, "sales", table);
            assertThat(name).matches(ChannelNames.VALID);
            assertThat(ChannelNames.of(topic, "sales", table)).isEqualTo(name);
        }
    }

    @Test
    void shouldNotCollideForDistinctIntents() {
        NameGenerator gen = new NameGenerator(12);
        Set<String> intents = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 5_000; i++) {
            String topic = gen.topic();
            String table = S3TablesNames.sanitiseTable(topic);
            if (intents.add(topic + "|" + table)) {
                names.add(ChannelNames.of(topic, "ns", table));
            }
        }
        assertThat(names).hasSameSizeAs(intents);
    }

    @Test
    void shouldStayReadable() {
        assertThat(ChannelNames.of("orders", "sales", "orders")).matches("orders-[0-9a-f]{10}");
        assertThat(ChannelNames.of("orders", "sales", "orders_eu")).matches("orders\\.orders_eu-[0-9a-f]{10}");
        assertThat(ChannelNames.of("orders", "sales", "orders")).isNotEqualTo(ChannelNames.of("orders", "audit", "orders"));
    }
}
