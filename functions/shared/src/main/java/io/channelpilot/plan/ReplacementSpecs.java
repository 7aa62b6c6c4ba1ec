package io.channelpilot.plan;

import io.channelpilot.model.ChannelNames;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Fingerprint;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.S3TablesNames;
import io.channelpilot.model.StackSettings;

/**
 * The spec of a replacement channel (DESIGN §5). A channel creates its own table and can never write to an existing
 * one (reference §4 "Table ownership"), so a replacement writes to a NEW physical table
 * {@code <table>_<first 8 of the logical fingerprint>} and therefore gets a new channel name, DLQ prefix and log group
 * (all derived from the name). The logical fingerprint (of the spec the tags resolve to) is used for the suffix because
 * the replacement's own fingerprint depends on the table name; the approval, however, is matched against the
 * replacement's own fingerprint — the one the notification shows and the new channel carries.
 */
final class ReplacementSpecs {

    private ReplacementSpecs() {
    }

    /** {@code <table>_<8 hex>}, shortened so the result stays within the S3 Tables 255-character limit. */
    public static String physicalTable(String table, String logicalFingerprint) {
        String suffix = "_" + Fingerprint.approvalPrefix(logicalFingerprint);
        String base = table.length() + suffix.length() > S3TablesNames.MAX_LENGTH
                ? table.substring(0, S3TablesNames.MAX_LENGTH - suffix.length()) : table;
        while (base.endsWith("_")) {
            base = base.substring(0, base.length() - 1);
        }
        String name = base + suffix;
        // The input is a valid table name and the suffix is lowercase hex, so this is a no-op unless truncation left
        // something odd; sanitising keeps the invariant "always a valid S3 Tables name" local and obvious.
        return S3TablesNames.isValidTable(name) ? name : S3TablesNames.sanitiseTable(name);
    }

    /** The logical spec moved to its replacement table, with the infrastructure derived from the new channel name. */
    public static ChannelSpec replacement(ChannelSpec logical, StackSettings stack) {
        String table = physicalTable(logical.table(), logical.fingerprint());
        String name = ChannelNames.of(logical.topic(), logical.namespace(), table);
        return new ChannelSpec(logical.clusterArn(), logical.topic(), logical.namespace(), table, logical.schema(),
                logical.format(), logical.partitionColumn(), logical.freshnessSeconds(), logical.compression(),
                Infrastructure.of(stack, logical.clusterArn(), name), logical.operations());
    }
}
