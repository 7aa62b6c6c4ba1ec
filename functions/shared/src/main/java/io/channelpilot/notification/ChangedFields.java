package io.channelpilot.notification;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Infrastructure;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Names the non-updatable fields (the fingerprint's inputs, {@code Fingerprint}) that differ between two specs, so an
 * approval request says exactly what forces the replacement. Field names only — never values that could be data.
 */
final class ChangedFields {

    private ChangedFields() {
    }

    public static List<String> between(ChannelSpec before, ChannelSpec after) {
        List<String> changed = new ArrayList<>();
        Infrastructure a = before.infrastructure();
        Infrastructure b = after.infrastructure();
        add(changed, "topic", before.topic(), after.topic());
        add(changed, "format", before.format(), after.format());
        add(changed, "schema", before.schema(), after.schema());
        add(changed, "namespace", before.namespace(), after.namespace());
        add(changed, "table", before.table(), after.table());
        add(changed, "partition", before.partitionColumn(), after.partitionColumn());
        add(changed, "compression", before.compression(), after.compression());
        add(changed, "tableBucket", a.tableBucketArn(), b.tableBucketArn());
        add(changed, "dlq", a.dlqBucketArn() + a.dlqPrefix(), b.dlqBucketArn() + b.dlqPrefix());
        add(changed, "serviceRole", a.serviceRoleArn(), b.serviceRoleArn());
        add(changed, "kmsKey", a.kmsKeyArn(), b.kmsKeyArn());
        add(changed, "logGroup", a.logGroup(), b.logGroup());
        return changed;
    }

    private static void add(List<String> out, String name, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            out.add(name);
        }
    }
}
