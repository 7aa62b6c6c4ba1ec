package io.channelpilot.alarm;

import io.channelpilot.dlq.DlqFormat;
import io.channelpilot.redrive.RedriveStarter;
import io.channelpilot.model.Home;
import io.channelpilot.notification.ChatLimits;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.retention.RetentionSettings;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;

/**
 * @param topicArn         {@code CHANNEL_PILOT_TOPIC_ARN}: notifications
 * @param statusTable      {@code CHANNEL_PILOT_STATUS_TABLE}: status, watermarks, reports, event claims
 * @param dlqBucket        {@code CHANNEL_PILOT_DLQ_BUCKET}: used when a channel has no recorded spec
 * @param dlqPrefix        {@code CHANNEL_PILOT_DLQ_PREFIX}: idem ({@code <prefix><channel>/})
 * @param quarantinePrefix {@code CHANNEL_PILOT_QUARANTINE_PREFIX} (default {@code quarantine/}): unreadable DLQ objects
 *                         are copied to {@code <quarantinePrefix><original key>} in the DLQ bucket
 * @param home             the stack's partition, Region and account ({@link Home#from}): alarms from elsewhere are
 *                         ignored, and the DLQ bucket's expected owner
 * @param format           where DLQ records keep their fields ({@link DlqFormat#fromEnv})
 * @param retention        the retention-race thresholds ({@link RetentionSettings#from})
 * @param runbookBase      and {@code chatLimits}: the notification renderer's settings ({@link NotificationRenderer#fromEnvironment})
 * @param redrive          the redrive side's starter on the function's clock ({@link RedriveStarter#fromEnvironment}:
 *                         found through ServiceLoader, it builds its own clients from the environment)
 */
public record AlarmConfig(String topicArn, String statusTable, String dlqBucket, String dlqPrefix, String quarantinePrefix,
                          Home home, DlqFormat format, RetentionSettings retention, String runbookBase, ChatLimits chatLimits,
                          Function<Clock, RedriveStarter> redrive) {

    public static final String DEFAULT_QUARANTINE_PREFIX = "quarantine/";

    public AlarmConfig {
        if (topicArn == null || !topicArn.startsWith("arn:")) {
            throw new IllegalArgumentException("CHANNEL_PILOT_TOPIC_ARN must be an SNS topic ARN, got: " + topicArn);
        }
        if (statusTable == null || statusTable.isBlank()) {
            throw new IllegalArgumentException("CHANNEL_PILOT_STATUS_TABLE is required (watermarks and reports live there)");
        }
        dlqBucket = dlqBucket == null ? "" : dlqBucket;
        dlqPrefix = dlqPrefix == null ? "" : dlqPrefix;
        quarantinePrefix = quarantinePrefix == null || quarantinePrefix.isBlank() ? DEFAULT_QUARANTINE_PREFIX
                : quarantinePrefix.endsWith("/") ? quarantinePrefix : quarantinePrefix + "/";
    }

    /** The responder's own settings (tests): home unknown, the default DLQ format, thresholds and renderer, no redrive. */
    AlarmConfig(String topicArn, String statusTable, String dlqBucket, String dlqPrefix, String quarantinePrefix) {
        this(topicArn, statusTable, dlqBucket, dlqPrefix, quarantinePrefix, Home.unknown(), DlqFormat.defaults(),
                RetentionSettings.DEFAULTS, "", ChatLimits.DEFAULT,
                clock -> RedriveStarter.fromEnvironment(Map.of(), clock));
    }

    public static AlarmConfig from(Map<String, String> env) {
        return new AlarmConfig(env.get("CHANNEL_PILOT_TOPIC_ARN"), env.get("CHANNEL_PILOT_STATUS_TABLE"),
                env.get("CHANNEL_PILOT_DLQ_BUCKET"), env.get("CHANNEL_PILOT_DLQ_PREFIX"),
                env.get("CHANNEL_PILOT_QUARANTINE_PREFIX"), Home.from(env), DlqFormat.fromEnv(env), RetentionSettings.from(env),
                NotificationRenderer.runbookBase(env), ChatLimits.from(env),
                clock -> RedriveStarter.fromEnvironment(env, clock));
    }
}
