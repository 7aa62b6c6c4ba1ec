package io.channelpilot.validation;

import io.channelpilot.model.S3TablesNames;
import java.util.ArrayList;
import java.util.List;
import io.channelpilot.model.Alternative;

/** Destination rules: names, table bucket (exists, region, account), namespace, and that the table is new. */
final class TableChecks {

    private TableChecks() {
    }

    static List<Check> all() {
        return List.of(names(), bucketExists(), bucketRegion(), bucketAccount(), namespace(), tableIsNew(), tableUnclaimed(),
                namespaceAllowed());
    }

    static Check names() {
        return Check.of(RuleCode.TABLE_NAMES_VALID, ctx -> {
            List<String> broken = new ArrayList<>();
            S3TablesNames.violations(ctx.spec().namespace(), true).forEach(v -> broken.add("namespace '" + ctx.spec().namespace() + "' " + v));
            S3TablesNames.violations(ctx.spec().table(), false).forEach(v -> broken.add("table '" + ctx.spec().table() + "' " + v));
            return broken.isEmpty()
                    ? RuleCode.TABLE_NAMES_VALID.pass("Namespace " + ctx.spec().namespace() + " and table " + ctx.spec().table() + " are valid S3 Tables names.")
                    : RuleCode.TABLE_NAMES_VALID.fail(String.join("; ", broken) + ".",
                            "Rename to lowercase letters, digits and '_' starting and ending with a letter or digit, e.g. namespace="
                                    + S3TablesNames.sanitiseNamespace(ctx.spec().namespace()) + " table=" + S3TablesNames.sanitiseTable(ctx.spec().table()) + ".");
        });
    }

    static Check bucketExists() {
        return Check.of(RuleCode.TABLE_BUCKET_EXISTS, ctx -> ctx.tableBucket().fold(b -> b.isPresent()
                        ? RuleCode.TABLE_BUCKET_EXISTS.pass("Table bucket " + b.get().name() + " exists.")
                        : RuleCode.TABLE_BUCKET_EXISTS.fail("Table bucket " + ctx.spec().infrastructure().tableBucketArn() + " does not exist.",
                                "Create the S3 table bucket, or set the TableBucketArn stack parameter to an existing one."),
                RuleCode.TABLE_BUCKET_EXISTS::unknown));
    }

    /** The table bucket must be in the cluster's Region (DG prerequisites, reference §4); read from the ARN. */
    static Check bucketRegion() {
        return Check.of(RuleCode.TABLE_BUCKET_REGION, ctx -> {
            String region = arnPart(ctx.spec().infrastructure().tableBucketArn(), 3);
            return region.equals(ctx.cluster().region())
                    ? RuleCode.TABLE_BUCKET_REGION.pass("Table bucket and cluster are both in " + region + ".")
                    : RuleCode.TABLE_BUCKET_REGION.fail("Table bucket is in " + region + " but the cluster is in " + ctx.cluster().region() + ".",
                            "Use a table bucket in " + ctx.cluster().region() + " (TableBucketArn stack parameter); channels cannot deliver across Regions.");
        });
    }

    static Check bucketAccount() {
        return Check.of(RuleCode.TABLE_BUCKET_ACCOUNT, ctx -> {
            String account = arnPart(ctx.spec().infrastructure().tableBucketArn(), 4);
            return account.equals(ctx.cluster().account())
                    ? RuleCode.TABLE_BUCKET_ACCOUNT.pass("Table bucket is in the cluster's account " + account + ".")
                    : RuleCode.TABLE_BUCKET_ACCOUNT.fail("Table bucket is in account " + account + ", the cluster in " + ctx.cluster().account() + ".",
                            "Add a table-bucket policy in account " + account + " that grants the service role "
                                    + ctx.spec().infrastructure().serviceRoleArn() + " the S3 Tables actions of reference §9.");
        });
    }

    static Check namespace() {
        return Check.of(RuleCode.NAMESPACE_EXISTS, ctx -> ctx.tableBucket().fold(bucket -> bucket.isEmpty()
                        ? RuleCode.NAMESPACE_EXISTS.unknown("Cannot check the namespace: the table bucket does not exist (see TABLE_BUCKET_EXISTS).",
                                "Create the table bucket, then validate again.")
                        : ctx.aws().tables().namespaceExists(ctx.spec().infrastructure().tableBucketArn(), ctx.spec().namespace()).fold(exists -> exists
                                        ? RuleCode.NAMESPACE_EXISTS.pass("Namespace " + ctx.spec().namespace() + " exists.")
                                        : RuleCode.NAMESPACE_EXISTS.pass("Namespace " + ctx.spec().namespace()
                                                + " does not exist yet; the channel creates it (s3tables:CreateNamespace, see ROLE_PERMISSIONS)."),
                                RuleCode.NAMESPACE_EXISTS::unknown),
                RuleCode.NAMESPACE_EXISTS::unknown));
    }

    /**
     * Each channel creates its own new table; writing to an existing table is not supported (reference §4). What
     * CreateChannel does when the table already exists is UNCONFIRMED, so an existing table is refused up front —
     * except when completing our own channel whose provisioning died after CreateChannel: the table is its own.
     */
    static Check tableIsNew() {
        return Check.of(RuleCode.TABLE_NOT_EXISTING, ctx -> ctx.tableBucket().fold(bucket -> bucket.isEmpty()
                        ? RuleCode.TABLE_NOT_EXISTING.unknown("Cannot check the table: the table bucket does not exist (see TABLE_BUCKET_EXISTS).",
                                "Create the table bucket, then validate again.")
                        : ctx.aws().tables().table(ctx.spec().infrastructure().tableBucketArn(), ctx.spec().namespace(), ctx.spec().table())
                                .fold(table -> table.isEmpty()
                                                ? RuleCode.TABLE_NOT_EXISTING.pass("Table " + ctx.spec().namespace() + "." + ctx.spec().table() + " does not exist yet; the channel creates it.")
                                                : ctx.completingOwnChannel()
                                                ? RuleCode.TABLE_NOT_EXISTING.pass("Table " + ctx.spec().namespace() + "." + ctx.spec().table()
                                                        + " exists: it is this channel's own (its provisioning did not finish; the table claim is its own), so it is adopted.")
                                                : RuleCode.TABLE_NOT_EXISTING.fail("Table " + ctx.spec().namespace() + "." + ctx.spec().table()
                                                                + " already exists; a channel always creates a new table.",
                                                        "Choose a new table name (table=<new name>), or use Managed Service for Apache Flink to write into the existing table.",
                                                        Alternative.MANAGED_SERVICE_FOR_APACHE_FLINK),
                                        RuleCode.TABLE_NOT_EXISTING::unknown),
                RuleCode.TABLE_NOT_EXISTING::unknown));
    }

    /**
     * Tenancy: a table belongs to the channel that claimed it first (README "Tenancy"). The resolver read the claim
     * when it planned the CREATE ({@code intent.tableOwner}); provisioning takes the claim with a conditional write
     * before CreateChannel, which decides a race. Both refuse with both owners named, also when the table does not
     * exist yet.
     */
    static Check tableUnclaimed() {
        return Check.of(RuleCode.TABLE_CLAIMED, ctx -> ctx.tableOwner()
                .map(owner -> RuleCode.TABLE_CLAIMED.fail("Table " + owner.tableName() + " belongs to " + owner.owner()
                                + "; channel " + ctx.spec().channelName() + " (topic " + ctx.spec().topic() + ") on cluster "
                                + ctx.cluster().arn() + " may not deliver into it.",
                        "Give this rule its own table: set table=<name> or namespace=<yours> on the rule tag. A table has one "
                                + "owner until the owner's channel is deleted."))
                .orElseGet(() -> RuleCode.TABLE_CLAIMED.pass("No other channel claims " + ctx.spec().namespace() + "."
                        + ctx.spec().table() + " (provisioning claims it before CreateChannel).")));
    }

    static Check namespaceAllowed() {
        return Check.of(RuleCode.NAMESPACE_ALLOWED, ctx -> ctx.stack().namespaces().refusal(ctx.cluster().name(), ctx.spec().namespace())
                .map(allowed -> RuleCode.NAMESPACE_ALLOWED.fail("Cluster " + ctx.cluster().name() + " may not use namespace "
                                + ctx.spec().namespace() + " (NamespacePolicy allows it " + (allowed.isEmpty() ? "no namespace"
                                : String.join(", ", allowed)) + ").",
                        allowed.isEmpty() ? "Ask the platform team to add an entry for " + ctx.cluster().name()
                                + " to the NamespacePolicy stack parameter." : "Set namespace=" + allowed.get(0)
                                + " on the rule tag, or ask the platform team to extend the NamespacePolicy stack parameter."))
                .orElseGet(() -> RuleCode.NAMESPACE_ALLOWED.pass(ctx.stack().namespaces().isEmpty()
                        ? "No NamespacePolicy is set; every cluster may use every namespace."
                        : "Cluster " + ctx.cluster().name() + " may use namespace " + ctx.spec().namespace() + ".")));
    }

    /** Part {@code index} of a colon-separated ARN (3 = region, 4 = account). */
    static String arnPart(String arn, int index) {
        String[] parts = arn.split(":", 6);
        return parts.length > index ? parts[index] : "";
    }
}
