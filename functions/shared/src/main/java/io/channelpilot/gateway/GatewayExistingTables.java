package io.channelpilot.gateway;

import io.channelpilot.plan.ExistingTables;
import io.channelpilot.workflow.AwsThrottled;
import java.util.Optional;

/**
 * {@link ExistingTables} over S3 Tables GetTable ({@link Gateways.TablesGateway#table}). A definite failure to find
 * out (access denied, a bad request) is "unknown": the planner then keeps the rule's table and validation decides.
 * Throttling or an unavailable service that outlasts the SDK's retries throws {@link AwsThrottled}, like every other
 * read of the resolver and the sweep, so the task's Retry (or the next sweep) asks again instead of planning on a guess.
 */
public final class GatewayExistingTables implements ExistingTables {

    private final Gateways.TablesGateway tables;

    public GatewayExistingTables(Gateways.TablesGateway tables) {
        this.tables = tables;
    }

    @Override
    public Optional<Boolean> exists(String tableBucketArn, String namespace, String table) {
        return tables.table(tableBucketArn, namespace, table).fold(found -> Optional.of(found.isPresent()), failed -> {
            if (failed.kind() == AwsErrorKind.THROTTLED || failed.kind() == AwsErrorKind.UNAVAILABLE) {
                throw new AwsThrottled(failed.service() + ":" + failed.operation(), null);
            }
            return Optional.empty();
        });
    }
}
