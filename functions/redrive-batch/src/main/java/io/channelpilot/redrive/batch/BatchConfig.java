package io.channelpilot.redrive.batch;

import io.channelpilot.dlq.DlqFormat;
import io.channelpilot.model.Home;
import java.util.Map;
import io.channelpilot.redrive.batch.gateway.KafkaSettings;

/**
 * Read once at init from the environment.
 *
 * @param statusTable {@code CHANNEL_PILOT_STATUS_TABLE}: tasks and the ledger
 * @param format      where DLQ records keep their fields ({@link DlqFormat#fromEnv})
 * @param home        the stack's account: the DLQ bucket's expected owner ({@link Home#from})
 * @param kafka       how the worker reaches the task's cluster ({@link KafkaSettings#from})
 */
public record BatchConfig(String statusTable, DlqFormat format, Home home, KafkaSettings kafka) {

    public BatchConfig {
        if (statusTable == null || statusTable.isBlank()) {
            throw new IllegalArgumentException("CHANNEL_PILOT_STATUS_TABLE is required");
        }
    }

    public static BatchConfig from(Map<String, String> env) {
        return new BatchConfig(env.get("CHANNEL_PILOT_STATUS_TABLE"), DlqFormat.fromEnv(env), Home.from(env), KafkaSettings.from(env));
    }
}
