package io.channelpilot.provision;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.Home;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * provision-channel settings, read once at init from the function environment (template Globals).
 *
 * @param logRetentionDays  {@code CHANNEL_PILOT_LOG_RETENTION_DAYS}: retention of the channel log groups (default 30)
 * @param queryPrincipals   {@code CHANNEL_PILOT_QUERY_PRINCIPALS}: comma-separated principals granted read access
 * @param managedBy         {@code CHANNEL_PILOT_STACK_NAME}: value of the ownership tag (default {@code channel-pilot})
 * @param leaseTtl          {@code CHANNEL_PILOT_LEASE_MINUTES}: provisioning lease; covers provision + polling (45)
 * @param catalogIdTemplate {@code CHANNEL_PILOT_LF_CATALOG_ID}: Lake Formation catalog id template (UNCONFIRMED)
 * @param statusTable       {@code CHANNEL_PILOT_STATUS_TABLE}: DynamoDB status table
 * @param home              the stack's partition/Region/account ({@link Home#from}); intents for clusters elsewhere are
 *                          refused before any call
 */
record ProvisionConfig(int logRetentionDays, List<String> queryPrincipals, String managedBy, Duration leaseTtl,
                              String catalogIdTemplate, AlarmSettings alarms, String statusTable, Home home) {

    /** CloudWatch Logs accepts only these retention values. */
    private static final List<Integer> RETENTIONS = List.of(1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545,
            731, 1096, 1827, 2192, 2557, 2922, 3288, 3653);

    public ProvisionConfig {
        if (!RETENTIONS.contains(logRetentionDays)) {
            throw new IllegalArgumentException("CHANNEL_PILOT_LOG_RETENTION_DAYS is not a CloudWatch Logs retention: "
                    + logRetentionDays);
        }
        queryPrincipals = List.copyOf(queryPrincipals);
        if (managedBy == null || managedBy.isBlank()) {
            throw new IllegalArgumentException("CHANNEL_PILOT_STACK_NAME must not be blank");
        }
        if (leaseTtl.isNegative() || leaseTtl.isZero()) {
            throw new IllegalArgumentException("CHANNEL_PILOT_LEASE_MINUTES must be positive");
        }
        statusTable = statusTable == null ? "" : statusTable;
    }

    public static ProvisionConfig from(Map<String, String> env) {
        String principals = env.getOrDefault("CHANNEL_PILOT_QUERY_PRINCIPALS", "");
        return new ProvisionConfig(
                intOf(env, "CHANNEL_PILOT_LOG_RETENTION_DAYS", 30),
                Arrays.stream(principals.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList(),
                env.getOrDefault("CHANNEL_PILOT_STACK_NAME", "channel-pilot"),
                Duration.ofMinutes(intOf(env, "CHANNEL_PILOT_LEASE_MINUTES", 45)),
                env.getOrDefault("CHANNEL_PILOT_LF_CATALOG_ID", NamespaceGrants.DEFAULT_CATALOG_ID),
                AlarmSettings.from(env),
                env.getOrDefault("CHANNEL_PILOT_STATUS_TABLE", ""),
                Home.from(env));
    }

    static int intOf(Map<String, String> env, String name, int fallback) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return AsciiNumbers.requireInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer, got: " + value);
        }
    }
}
