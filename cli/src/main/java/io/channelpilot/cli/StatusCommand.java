package io.channelpilot.cli;

import io.channelpilot.gateway.RedriveClients;
import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.Condition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code channel-pilot status}: managed channels and their conditions, from the status store. */
@Command(name = "status", description = "List managed channels with their conditions.")
public final class StatusCommand implements Callable<Integer> {

    private final CliContext ctx;
    @Mixin AwsOptions aws;
    @Option(names = "--cluster", converter = OptionValues.Cluster.class, description = "Only this cluster (name or ARN).") String cluster;
    @Option(names = "--output", defaultValue = "table", description = "json or table.") String output;

    StatusCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        RedriveClients c = ctx.clients(aws);
        String clusterArn = cluster == null ? null : CliContext.clusterArn(c.kafka(), cluster);
        List<ChannelStatus> channels = ctx.statusStore(c, aws).list(clusterArn);
        if ("json".equals(output)) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (ChannelStatus s : channels) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("clusterArn", s.key().clusterArn());
                m.put("channel", s.key().channelName());
                m.put("topic", s.topic());
                m.put("observed", s.observedStatus());
                m.put("generation", s.generation());
                List<Map<String, Object>> conditions = new ArrayList<>();
                for (Condition k : s.conditions()) {
                    conditions.add(Map.of("type", k.type().wireName(), "status", k.status().wireName(),
                            "reason", k.reason(), "message", k.message(),
                            "lastTransitionTime", k.lastTransitionTime().toString()));
                }
                m.put("conditions", conditions);
                rows.add(m);
            }
            ctx.out().println(RedriveJson.write(rows));
        } else {
            ctx.out().printf("%-40s %-24s %-10s %s%n", "CHANNEL", "TOPIC", "OBSERVED", "CONDITIONS");
            for (ChannelStatus s : channels) {
                StringBuilder conds = new StringBuilder();
                for (Condition k : s.conditions()) {
                    conds.append(k.type().wireName()).append('=').append(k.status().wireName()).append('(')
                            .append(k.reason()).append(") ");
                }
                ctx.out().printf("%-40s %-24s %-10s %s%n", s.key().channelName(), s.topic(),
                        s.observedStatus().isEmpty() ? "-" : s.observedStatus(), conds.toString().trim());
            }
        }
        ctx.out().flush();
        return 0;
    }
}
