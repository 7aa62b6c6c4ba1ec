package io.channelpilot.gateway;

import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.cloudwatchlogs.model.LogGroup;

/**
 * {@link LogGroupGateway} over CloudWatch Logs: DescribeLogGroups (name prefix, exact match), CreateLogGroup with
 * {@code kmsKeyId}, PutRetentionPolicy only when the retention differs (no needless writes on re-runs).
 */
public final class SdkLogGroupGateway implements LogGroupGateway {

    private static final String SERVICE = "logs";

    private final CloudWatchLogsClient logs;

    public SdkLogGroupGateway(CloudWatchLogsClient logs) {
        this.logs = Objects.requireNonNull(logs, "logs");
    }

    @Override
    public LogGroupState ensure(String name, int retentionDays, Optional<String> kmsKeyArn) {
        Optional<LogGroup> existing = find(name);
        boolean created = false;
        if (existing.isEmpty()) {
            created = AwsErrors.call(SERVICE, "CreateLogGroup", "logs:CreateLogGroup (and kms:* on the key via logs)", () -> {
                try {
                    logs.createLogGroup(r -> r.logGroupName(name).kmsKeyId(kmsKeyArn.orElse(null)));
                    return true;
                } catch (SdkException e) {
                    if (AwsErrors.hasCode(e, "ResourceAlreadyExistsException")) {
                        return false;
                    }
                    throw e;
                }
            });
        }
        Integer current = existing.map(LogGroup::retentionInDays).orElse(null);
        if (current == null || current != retentionDays) {
            AwsErrors.run(SERVICE, "PutRetentionPolicy", "logs:PutRetentionPolicy",
                    () -> logs.putRetentionPolicy(r -> r.logGroupName(name).retentionInDays(retentionDays)));
        }
        String key = existing.map(LogGroup::kmsKeyId).orElse(kmsKeyArn.orElse(""));
        return new LogGroupState(name, created, retentionDays, key);
    }

    private Optional<LogGroup> find(String name) {
        String token = null;
        do {
            String next = token;
            var page = AwsErrors.call(SERVICE, "DescribeLogGroups", "logs:DescribeLogGroups",
                    () -> logs.describeLogGroups(r -> r.logGroupNamePrefix(name).nextToken(next)));
            for (LogGroup group : page.logGroups()) {
                if (name.equals(group.logGroupName())) {
                    return Optional.of(group);
                }
            }
            token = page.nextToken();
        } while (token != null && !token.isEmpty());
        return Optional.empty();
    }
}
