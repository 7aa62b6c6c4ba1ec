package io.channelpilot.notification;

import io.channelpilot.model.Alternative;
import java.util.Locale;

/**
 * Remediations from the troubleshooting catalogue (reference §10), keyed by the channel status the service reported.
 * No catalogue of {@code stateInfo} codes is published (reference §2), so codes are shown verbatim and only an
 * access-denied code refines the advice.
 */
final class Troubleshooting {

    private Troubleshooting() {
    }

    public static String forTerminalState(String status, String stateCode) {
        String code = stateCode == null ? "" : stateCode.toLowerCase(Locale.ROOT);
        if (code.contains("accessdenied") || code.contains("forbidden") || code.contains("unauthorized")) {
            return "The service execution role was denied: compare its policy with reference section 9 (S3 Tables, DLQ bucket, "
                    + "Glue Schema Registry, KMS, log group), check the bucket and key policies and that the trust policy "
                    + "still names kafka.amazonaws.com; then delete the channel and let Channel Pilot recreate it.";
        }
        return switch (status == null ? "" : status) {
            case "SUSPENDED", "SUSPENDING" -> "SUSPENDED is not resumable. If the channel delivered before, its destination "
                    + "table was deleted; if it never delivered, the partition column cannot become an hourly time partition "
                    + "(use a string column with format date-time). Create a new channel (delete this one first).";
            default -> "FAILED is terminal. Read stateInfo and the channel log group, fix the cause (trust policy, role "
                    + "permissions, missing table bucket or DLQ bucket, a plain-JSON schema GSR cannot resolve, wrong catalog), "
                    + "then delete the channel; Channel Pilot recreates it on the next sweep.";
        };
    }

    public static String forStuck(String status) {
        return "The channel stayed " + (status.isEmpty() ? "in flight" : status) + " beyond the polling window. Check "
                + "DescribeChannel and the cluster operation; provisioning can take a while, but configuration errors go "
                + "to FAILED instead. If it persists well beyond the expected time, contact AWS Support (MSK Developer "
                + "Guide, troubleshooting channels stuck in CREATING).";
    }

    /** Readable text for a validation finding's alternative (an {@link Alternative} name; unknown names verbatim). */
    public static String alternative(String name) {
        for (Alternative a : Alternative.values()) {
            if (a.name().equals(name)) {
                return a.description();
            }
        }
        return name;
    }
}
