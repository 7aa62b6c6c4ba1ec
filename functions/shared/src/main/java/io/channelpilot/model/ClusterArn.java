package io.channelpilot.model;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An MSK cluster ARN, {@code arn:<partition>:kafka:<region>:<account>:cluster/<name>/<uuid>}. Topic, channel and Glue
 * schema ARNs are built from its parts (reference §1.1 ARNs, §1.3).
 */
public record ClusterArn(String partition, String region, String account, String name, String uuid) {

    private static final Pattern ARN = Pattern.compile(
            "^arn:(aws[a-z-]*):kafka:([a-z0-9-]+):(\\d{12}):cluster/([A-Za-z0-9-]+)/([A-Za-z0-9-]+)$");

    public ClusterArn {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(uuid, "uuid");
    }

    /** Parses the ARN; throws {@link IllegalArgumentException} naming the bad value. */
    public static ClusterArn parse(String arn) {
        Matcher m = ARN.matcher(arn == null ? "" : arn);
        if (!m.matches()) {
            throw new IllegalArgumentException("not an MSK cluster ARN (arn:aws:kafka:<region>:<account>:cluster/<name>/<uuid>): "
                    + arn);
        }
        return new ClusterArn(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5));
    }

    public static boolean isValid(String arn) {
        return arn != null && ARN.matcher(arn).matches();
    }

    public String arn() {
        return "arn:" + partition + ":kafka:" + region + ":" + account + ":cluster/" + name + "/" + uuid;
    }

    /** Topic ARN per the Service Authorization Reference: {@code topic/<cluster>/<uuid>/<topic>}. */
    public String topicArn(String topic) {
        return "arn:" + partition + ":kafka:" + region + ":" + account + ":topic/" + name + "/" + uuid + "/" + topic;
    }

    /** Channel ARN pattern used for the trust-policy {@code aws:SourceArn} condition. */
    public String channelArnPattern() {
        return "arn:" + partition + ":kafka:" + region + ":" + account + ":channel/*";
    }

    @Override
    public String toString() {
        return arn();
    }
}
