package io.channelpilot.gateway;

import java.util.Optional;

/** The channel's CloudWatch log group, which must exist before CreateChannel (reference §6). */
public interface LogGroupGateway {

    /**
     * Creates the log group if missing (with {@code kmsKeyArn} when given) and makes its retention
     * {@code retentionDays}. Idempotent; a concurrent creation (ResourceAlreadyExists) counts as existing.
     */
    LogGroupState ensure(String name, int retentionDays, Optional<String> kmsKeyArn);

    /** @param created true when this call created it */
    record LogGroupState(String name, boolean created, int retentionDays, String kmsKeyArn) {

        public LogGroupState {
            kmsKeyArn = kmsKeyArn == null ? "" : kmsKeyArn;
        }
    }
}
