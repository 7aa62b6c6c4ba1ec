package io.channelpilot.reconcile;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.StackSettings;
import io.channelpilot.notification.ChatLimits;
import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.retention.RetentionSettings;
import io.channelpilot.store.FailureLedger;
import java.time.Duration;
import java.util.Map;

/**
 * Read once at init from the environment (template.yaml Globals + the function's variables). A bad value is a
 * deployment bug and throws naming the variable.
 *
 * @param interval      the schedule interval (ReconcileSchedule); sweep ids without an explicit id are its slots
 * @param verifyBudget  DescribeChannel calls per cluster per sweep for name-matched channels (see ClusterReader)
 * @param runbookBase   and {@code chatLimits}: the notification renderer's settings
 * @param dedupeTtl     how long a refusal notice's claim keeps the owner from hearing it again
 */
public record ReconcileConfig(StackSettings stack, String statusTable, String topicArn, String stateMachineArn, Duration interval,
                              int verifyBudget, String metricsNamespace, int recreateLimit, RetentionSettings retention,
                              String runbookBase, ChatLimits chatLimits, Duration dedupeTtl) {

    /** Public so the operator CLI builds the sweep from its own environment map. */
    public static ReconcileConfig from(Map<String, String> env) {
        return new ReconcileConfig(StackSettings.from(env), required(env, "CHANNEL_PILOT_STATUS_TABLE"),
                required(env, "CHANNEL_PILOT_TOPIC_ARN"), required(env, "CHANNEL_PILOT_PROVISION_STATE_MACHINE_ARN"),
                Duration.ofMinutes(number(env, "CHANNEL_PILOT_RECONCILE_INTERVAL_MINUTES", 15)),
                (int) number(env, "CHANNEL_PILOT_RECONCILE_VERIFY_PER_CLUSTER", 50),
                env.getOrDefault("POWERTOOLS_METRICS_NAMESPACE", "ChannelPilot"), FailureLedger.limitFrom(env),
                RetentionSettings.from(env), NotificationRenderer.runbookBase(env), ChatLimits.from(env),
                NotificationDedupe.ttlFrom(env));
    }

    private static String required(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException(name + " is required (template.yaml, ReconcileFunction)");
        }
        return v.trim();
    }

    private static long number(Map<String, String> env, String name, long fallback) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            long n = AsciiNumbers.requireLong(v.trim());
            if (n < 1) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a positive whole number, got: " + v);
        }
    }
}
