package io.channelpilot.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Renders channel statuses and their Strimzi-style conditions for people ({@code table}) and tools ({@code json}); the
 * operator CLI's {@code channel-pilot status [--cluster] [--output json|table]} calls
 * {@code StatusView.render(store.list(clusterArnOrNull), StatusView.Format.parse(output))}. Pure: no I/O, no clock;
 * rows sorted by cluster then channel so output is stable.
 */
public final class StatusView {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<ConditionType> COLUMNS = List.of(ConditionType.READY, ConditionType.VALIDATED,
            ConditionType.PROVISIONED, ConditionType.DEGRADED, ConditionType.REPLACEMENT_PENDING);

    /** Output format of {@code --output}. */
    public enum Format {
        JSON, TABLE;

        /** {@code json} or {@code table} (any case); anything else is refused naming both values. */
        public static Format parse(String value) {
            for (Format f : values()) {
                if (f.name().equalsIgnoreCase(value == null ? "" : value.trim())) {
                    return f;
                }
            }
            throw new IllegalArgumentException("--output must be json or table, got: " + value);
        }
    }

    private StatusView() {
    }

    public static String render(List<ChannelStatus> statuses, Format format) {
        return format == Format.JSON ? json(statuses) : table(statuses);
    }

    /** A JSON array, one object per channel with every condition (wire names: Ready, True, ...). */
    public static String json(List<ChannelStatus> statuses) {
        ArrayNode out = JSON.createArrayNode();
        for (ChannelStatus s : sorted(statuses)) {
            ObjectNode o = out.addObject();
            o.put("cluster", clusterName(s.key().clusterArn()));
            o.put("clusterArn", s.key().clusterArn());
            o.put("channel", s.key().channelName());
            o.put("topic", s.topic());
            o.put("channelArn", s.channelArn());
            o.put("observedStatus", s.observedStatus());
            o.put("generation", s.generation());
            o.put("fingerprint", s.fingerprint());
            o.put("lastExecution", s.lastExecution());
            o.put("updatedAt", s.updatedAt().toString());
            ArrayNode conditions = o.putArray("conditions");
            for (Condition c : s.conditions()) {
                conditions.addObject().put("type", c.type().wireName()).put("status", c.status().wireName()).put("reason", c.reason())
                        .put("message", c.message()).put("lastTransitionTime", c.lastTransitionTime().toString())
                        .put("observedGeneration", c.observedGeneration());
            }
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(out);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a tree of strings and numbers always serialises", e);
        }
    }

    /**
     * Fixed columns CLUSTER, CHANNEL, TOPIC, STATUS, then one column per condition type ({@code True}/{@code False}/
     * {@code Unknown}, {@code -} when never set), then REASON: the reason of the first condition that is not healthy
     * (Ready≠True, or Degraded/ReplacementPending=True), so the row says why in one word.
     */
    public static String table(List<ChannelStatus> statuses) {
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("CLUSTER", "CHANNEL", "TOPIC", "STATUS"));
        COLUMNS.forEach(c -> header.add(c.wireName().toUpperCase(Locale.ROOT)));
        header.add("REASON");
        rows.add(header.toArray(String[]::new));
        for (ChannelStatus s : sorted(statuses)) {
            List<String> row = new ArrayList<>(List.of(clusterName(s.key().clusterArn()), s.key().channelName(), dash(s.topic()),
                    dash(s.observedStatus())));
            COLUMNS.forEach(t -> row.add(s.condition(t).map(c -> c.status().wireName()).orElse("-")));
            row.add(reason(s));
            rows.add(row.toArray(String[]::new));
        }
        int[] widths = new int[header.size()];
        rows.forEach(r -> {
            for (int i = 0; i < r.length; i++) {
                widths[i] = Math.max(widths[i], r[i].length());
            }
        });
        StringBuilder out = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                line.append(i == r.length - 1 ? r[i] : String.format("%-" + widths[i] + "s  ", r[i]));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private static String reason(ChannelStatus s) {
        for (Condition c : s.conditions()) {
            boolean bad = c.type() == ConditionType.DEGRADED || c.type() == ConditionType.REPLACEMENT_PENDING
                    ? c.status() == ConditionStatus.TRUE : c.status() != ConditionStatus.TRUE;
            if (bad) {
                return c.reason();
            }
        }
        return "-";
    }

    private static List<ChannelStatus> sorted(List<ChannelStatus> statuses) {
        return statuses.stream().sorted(Comparator.comparing((ChannelStatus s) -> s.key().clusterArn())
                .thenComparing(s -> s.key().channelName())).toList();
    }

    /** {@code arn:aws:kafka:<r>:<a>:cluster/<name>/<uuid>} → {@code <name>} (the ARN itself when it has another shape). */
    static String clusterName(String arn) {
        int i = arn.indexOf(":cluster/");
        if (i < 0) {
            return arn;
        }
        String rest = arn.substring(i + ":cluster/".length());
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    private static String dash(String s) {
        return s == null || s.isEmpty() ? "-" : s;
    }
}
