package io.channelpilot.resolve;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.Home;
import io.channelpilot.model.StackSettings;
import io.channelpilot.store.FailureLedger;
import java.time.Duration;
import java.util.Map;

/**
 * The function's configuration, read once at init from the environment (template.yaml Globals): stack settings
 * ({@code CHANNEL_PILOT_*}), the status table, how long an event claim lives, the metrics namespace, the stack's home
 * and the FAILED-recreate limit. A bad value is a deployment bug and throws naming the variable.
 *
 * @param claimTtl      how long an EventBridge event id stays claimed; EventBridge retries a target for up to 24 hours
 * @param home          the stack's partition/Region/account ({@link Home#from}); triggers for other clusters are refused
 * @param recreateLimit how often a FAILED channel is recreated per fingerprint ({@link FailureLedger#limitFrom})
 */
record ResolveConfig(StackSettings stack, String statusTable, Duration claimTtl, String metricsNamespace, Home home,
                     int recreateLimit) {

    static ResolveConfig from(Map<String, String> env) {
        String table = env.get("CHANNEL_PILOT_STATUS_TABLE");
        if (table == null || table.isBlank()) {
            throw new IllegalArgumentException("CHANNEL_PILOT_STATUS_TABLE is required (the status DynamoDB table)");
        }
        String hours = env.getOrDefault("CHANNEL_PILOT_EVENT_CLAIM_HOURS", "24");
        long claimHours;
        try {
            claimHours = AsciiNumbers.requireLong(hours.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("CHANNEL_PILOT_EVENT_CLAIM_HOURS must be a whole number of hours, got: " + hours);
        }
        return new ResolveConfig(StackSettings.from(env), table, Duration.ofHours(claimHours),
                env.getOrDefault("POWERTOOLS_METRICS_NAMESPACE", "ChannelPilot"), Home.from(env), FailureLedger.limitFrom(env));
    }
}
