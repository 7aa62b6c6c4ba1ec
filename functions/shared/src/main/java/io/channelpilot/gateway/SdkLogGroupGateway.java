package io.channelpilot.gateway;

import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.cloudwatchlogs.model.CreateLogGroupRequest;
import software.amazon.awssdk.services.cloudwatchlogs.model.DescribeLogGroupsRequest;
import software.amazon.awssdk.services.cloudwatchlogs.model.LogGroup;
import software.amazon.awssdk.services.cloudwatchlogs.model.PutRetentionPolicyRequest;

/**
 * {@link LogGroupGateway} over CloudWatch Logs: DescribeLogGroups (name prefix, exact match), CreateLogGroup with
 * {@code kmsKeyId}, PutRetentionPolicy only when the retention differs (no needless writes on re-runs).
 */
final class SdkLogGroupGateway implements LogGroupGateway {

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
                    logs.createLogGroup(CreateLogGroupRequest.builder().logGroupName(name).kmsKeyId(kmsKeyArn.orElse(null)).build());
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
                    () -> logs.putRetentionPolicy(PutRetentionPolicyRequest.builder().logGroupName(name).retentionInDays(retentionDays).build()));
        }
        String key = existing.map(LogGroup::kmsKeyId).orElse(kmsKeyArn.orElse(""));
        return new LogGroupState(name, created, retentionDays, key);
    }

    private Optional<LogGroup> find(String name) {
        String token = null;
        do {
            String next = token;
            var page = AwsErrors.call(SERVICE, "DescribeLogGroups", "logs:DescribeLogGroups",
                    () -> logs.describeLogGroups(DescribeLogGroupsRequest.builder().logGroupNamePrefix(name).nextToken(next).build()));
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
