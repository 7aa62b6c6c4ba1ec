package io.channelpilot.local.world.quotas;

import java.util.Objects;

/**
 * One service quota of the world file. UNCONFIRMED: the MSK Data Delivery quota names, codes and values (reference §3);
 * they are world-file data and never appear in code.
 *
 * @param value        the applied (account) value; {@code defaultValue} is what GetAWSDefaultServiceQuota returns
 */
public record QuotaDefinition(String serviceCode, String serviceName, String quotaCode, String quotaName,
                              double value, double defaultValue, String unit, boolean adjustable, String description) {

    public QuotaDefinition {
        Objects.requireNonNull(serviceCode, "serviceCode");
        Objects.requireNonNull(quotaCode, "quotaCode");
        Objects.requireNonNull(quotaName, "quotaName");
        serviceName = serviceName == null ? serviceCode : serviceName;
        unit = unit == null ? "None" : unit;
    }
}
