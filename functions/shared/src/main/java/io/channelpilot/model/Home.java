package io.channelpilot.model;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where this stack runs: partition, Region and account. The functions build regional clients with their own
 * credentials, so an ARN from another partition, Region or account is either unreachable or somebody else's resource;
 * input naming one is refused before any call. Parts the stack does not know are empty and not checked.
 *
 * <p>The Region is {@code AWS_REGION} (set by Lambda); partition and account come from the stack's own channel service
 * role ARN ({@code CHANNEL_PILOT_SERVICE_ROLE_ARN}, {@code arn:<partition>:iam::<account>:role/...}).
 */
public record Home(String partition, String region, String account) {

    private static final Pattern ROLE = Pattern.compile("^arn:(aws[a-z-]*):iam::(\\d{12}):role/.+$");

    public Home {
        partition = partition == null ? "" : partition;
        region = region == null ? "" : region;
        account = account == null ? "" : account;
    }

    /** Unknown everywhere: nothing is checked (tests and callers without a stack). */
    public static Home unknown() {
        return new Home("", "", "");
    }

    public static Home from(Map<String, String> env) {
        Matcher role = ROLE.matcher(env.getOrDefault("CHANNEL_PILOT_SERVICE_ROLE_ARN", "").trim());
        boolean known = role.matches();
        return new Home(known ? role.group(1) : "", env.getOrDefault("AWS_REGION", "").trim(), known ? role.group(2) : "");
    }

    /** Why the cluster is not ours to act on, or empty when it is (or the stack cannot tell). */
    public Optional<String> mismatch(ClusterArn cluster) {
        if (!partition.isEmpty() && !partition.equals(cluster.partition())) {
            return Optional.of("names partition " + cluster.partition() + ", this stack runs in partition " + partition);
        }
        if (!region.isEmpty() && !region.equals(cluster.region())) {
            return Optional.of("names Region " + cluster.region() + ", this stack runs in " + region);
        }
        if (!account.isEmpty() && !account.equals(cluster.account())) {
            return Optional.of("names account " + cluster.account() + ", this stack runs in account " + account);
        }
        return Optional.empty();
    }
}
