package io.channelpilot.plan;

import java.util.Optional;
import java.util.Set;

/**
 * Whether an Iceberg table already exists in a table bucket. The planner asks only for desired channels that have no
 * channel (CREATE), to choose a table a new channel can create ({@link TableGenerations}): a channel always creates
 * its own table and cannot write into an existing one (reference §4 "Table ownership"). The deployed implementation
 * is S3 Tables GetTable ({@code io.channelpilot.gateway.GatewayExistingTables}); planner tests use {@link #of}.
 */
@FunctionalInterface
public interface ExistingTables {

    /** Nothing is known: the planner keeps the rule's table name and leaves the check to validation. */
    ExistingTables UNKNOWN = (bucket, namespace, table) -> Optional.empty();

    /** @return whether the table exists, or empty when it could not be found out (denied, throttled, ...) */
    Optional<Boolean> exists(String tableBucketArn, String namespace, String table);

    /** A fixed set of existing tables, each {@code <tableBucketArn>/<namespace>.<table>}. */
    static ExistingTables of(Set<String> existing) {
        Set<String> copy = Set.copyOf(existing);
        return (bucket, namespace, table) -> Optional.of(copy.contains(key(bucket, namespace, table)));
    }

    static String key(String tableBucketArn, String namespace, String table) {
        return tableBucketArn + "/" + namespace + "." + table;
    }
}
