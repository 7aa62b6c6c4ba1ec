package io.channelpilot.gateway;

import java.util.Optional;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;

/** {@link Gateways.LogsGateway} over DescribeLogGroups (prefix search, exact match on the name). */
final class SdkLogsGateway implements Gateways.LogsGateway {

    private final CloudWatchLogsClient logs;

    public SdkLogsGateway(CloudWatchLogsClient logs) {
        this.logs = logs;
    }

    @Override
    public GatewayResult<Optional<Facts.LogGroup>> logGroup(String name) {
        return SdkCalls.call("CloudWatch Logs", "DescribeLogGroups", "logs:DescribeLogGroups",
                () -> logs.describeLogGroupsPaginator(r -> r.logGroupNamePrefix(name)).logGroups().stream()
                        .filter(g -> name.equals(g.logGroupName()))
                        .findFirst()
                        .map(g -> new Facts.LogGroup(g.logGroupName(), g.kmsKeyId(), g.retentionInDays())));
    }
}
