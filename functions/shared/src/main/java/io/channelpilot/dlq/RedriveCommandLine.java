package io.channelpilot.dlq;

import io.channelpilot.model.RepairRule;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The operator command notifications print ("the one command to run next"). Shared so the notification and the
 * {@code channel-pilot} CLI agree on flags: {@code redrive start --cluster <arn> --channel <name> [--cause A,B]
 * [--repair '<canonical rule>']... [--dry-run]}.
 */
public final class RedriveCommandLine {

    private RedriveCommandLine() {
    }

    public static String start(String clusterArn, String channelName, Collection<DlqCause> causes,
                               List<RepairRule> repairs, boolean dryRun) {
        StringBuilder b = new StringBuilder("channel-pilot redrive start --cluster ").append(clusterArn)
                .append(" --channel ").append(channelName);
        if (!causes.isEmpty()) {
            b.append(" --cause ").append(causes.stream().sorted().map(Enum::name).collect(Collectors.joining(",")));
        }
        for (RepairRule r : repairs) {
            b.append(" --repair '").append(r.canonical().replace("'", "'\\''")).append('\'');
        }
        if (dryRun) {
            b.append(" --dry-run");
        }
        return b.toString();
    }

    /**
     * {@code redrive status --task <id>}: the task id alone names the task; the CLI takes {@code --task} or
     * {@code --channel} (mutually exclusive), so adding the channel made the printed command fail to parse.
     */
    public static String status(String taskId) {
        return "channel-pilot redrive status --task " + taskId;
    }
}
