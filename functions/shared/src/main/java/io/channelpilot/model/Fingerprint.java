package io.channelpilot.model;

import java.util.List;

/**
 * Hash of every field that UpdateChannel cannot change (DESIGN §4, reference §2 "What is updatable"): topic, converter,
 * schema, table, namespace, partition column, compression, DLQ, role, KMS, logging, table bucket. Freshness and the
 * {@link Operations} settings are deliberately out: changing them must not force a replacement.
 */
public final class Fingerprint {

    /** Length of the prefix people type in {@code approve=}. */
    public static final int APPROVAL_PREFIX = 8;

    private Fingerprint() {
    }

    public static String of(ChannelSpec spec) {
        Infrastructure infra = spec.infrastructure();
        List<String> fields = List.of(
                "v1",
                spec.clusterArn(),
                spec.topic(),
                spec.format().valueConverter(),
                spec.schema().toString(),
                spec.namespace(),
                spec.table(),
                spec.partitionColumn(),
                spec.compression().name(),
                infra.tableBucketArn(),
                infra.dlqBucketArn(),
                infra.dlqPrefix(),
                infra.serviceRoleArn(),
                infra.kmsKeyArn(),
                infra.logGroup());
        // Length-prefixing makes the encoding injective: no two field lists produce the same text.
        StringBuilder text = new StringBuilder();
        fields.forEach(f -> text.append(f.length()).append(':').append(f).append('|'));
        return Hashing.sha256Hex(text.toString());
    }

    public static String approvalPrefix(String fingerprint) {
        return fingerprint.substring(0, APPROVAL_PREFIX);
    }
}
