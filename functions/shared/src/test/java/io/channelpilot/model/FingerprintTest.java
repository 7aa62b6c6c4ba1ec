package io.channelpilot.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FingerprintTest {

    private static ChannelSpec with(ChannelSpec s, String namespace, String table, RecordFormat format, String partition,
                                    int freshness, Compression compression, Infrastructure infra, Operations ops) {
        return new ChannelSpec(s.clusterArn(), s.topic(), namespace, table, s.schema(), format, partition, freshness,
                compression, infra, ops);
    }

    static Stream<Arguments> nonUpdatableChanges() {
        ChannelSpec o = TestSpecs.orders();
        Infrastructure i = o.infrastructure();
        return Stream.of(
                Arguments.of("namespace", (UnaryOperator<ChannelSpec>) s -> with(s, "audit", s.table(), s.format(), s.partitionColumn(), 600, s.compression(), i, s.operations())),
                Arguments.of("table", (UnaryOperator<ChannelSpec>) s -> with(s, s.namespace(), "orders_v2", s.format(), s.partitionColumn(), 600, s.compression(), i, s.operations())),
                Arguments.of("format", (UnaryOperator<ChannelSpec>) s -> with(s, s.namespace(), s.table(), RecordFormat.GSR, s.partitionColumn(), 600, s.compression(), i, s.operations())),
                Arguments.of("partition", (UnaryOperator<ChannelSpec>) s -> with(s, s.namespace(), s.table(), s.format(), "created_at", 600, s.compression(), i, s.operations())),
                Arguments.of("compression", (UnaryOperator<ChannelSpec>) s -> with(s, s.namespace(), s.table(), s.format(), s.partitionColumn(), 600, Compression.SNAPPY, i, s.operations())),
                Arguments.of("kms", (UnaryOperator<ChannelSpec>) s -> with(s, s.namespace(), s.table(), s.format(), s.partitionColumn(), 600, s.compression(),
                        new Infrastructure(i.tableBucketArn(), i.dlqBucketArn(), i.dlqPrefix(), i.serviceRoleArn(), "", i.logGroup()), s.operations())),
                Arguments.of("log group", (UnaryOperator<ChannelSpec>) s -> with(s, s.namespace(), s.table(), s.format(), s.partitionColumn(), 600, s.compression(),
                        new Infrastructure(i.tableBucketArn(), i.dlqBucketArn(), i.dlqPrefix(), i.serviceRoleArn(), i.kmsKeyArn(), "/other"), s.operations())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nonUpdatableChanges")
    void shouldChangeWhenANonUpdatableFieldChanges(String field, UnaryOperator<ChannelSpec> change) {
        ChannelSpec before = TestSpecs.orders();
        assertThat(change.apply(before).fingerprint()).isNotEqualTo(before.fingerprint());
    }

    @Test
    void shouldNotChangeWhenFreshnessOrOperationsChange() {
        ChannelSpec before = TestSpecs.orders();
        ChannelSpec after = with(before, before.namespace(), before.table(), before.format(), before.partitionColumn(), 900,
                before.compression(), before.infrastructure(),
                new Operations("other", RedrivePolicy.AUTO, List.of(), true, true, "abcdef12"));
        assertThat(after.fingerprint()).isEqualTo(before.fingerprint()).hasSize(64);
        assertThat(Fingerprint.approvalPrefix(before.fingerprint())).hasSize(8);
    }

    @Test
    void shouldCarryOwnershipTags() {
        ChannelSpec spec = TestSpecs.orders();
        assertThat(OwnershipTags.of(spec, "channel-pilot-test"))
                .containsEntry(OwnershipTags.MANAGED_BY, "channel-pilot-test")
                .containsEntry(OwnershipTags.FINGERPRINT, spec.fingerprint())
                .containsEntry(OwnershipTags.OWNER, "team-sales");
        assertThat(OwnershipTags.isManaged(java.util.Map.of("env", "dev"))).isFalse();
    }
}
