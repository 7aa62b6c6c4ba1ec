package io.channelpilot.plan;

import java.util.Optional;

/**
 * Who holds a table ({@link TableClaim}): the planner asks for desired channels without a channel, so a rule that
 * names a table another channel owns is refused (validation rule {@code TABLE_CLAIMED}) instead of being moved to a
 * new table generation behind the owner's back. The deployed lookup is the status store; provisioning's conditional
 * claim before CreateChannel is what decides a race.
 */
@FunctionalInterface
public interface TableClaims {

    /** Nothing known: nothing refused at planning (provisioning's claim still decides). */
    TableClaims NONE = (bucket, namespace, table) -> Optional.empty();

    Optional<TableClaim> holder(String tableBucketArn, String namespace, String table);
}
