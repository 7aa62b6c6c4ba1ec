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

    /**
     * Channels and refusals (issue 15): JSON {@code {"channels": [..], "refusals": [..]}}; the table prints the channels,
     * then — when there are any — a REFUSALS table (one row per subject, its codes, tags and owner) with each fix.
     */
    public static String render(List<ChannelStatus> statuses, List<RefusalCondition> refusals, Format format) {
        if (format == Format.JSON) {
            ObjectNode root = JSON.createObjectNode();
            try {
                root.set("channels", JSON.readTree(json(statuses)));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException("our own JSON always parses", e);
            }
            ArrayNode out = root.putArray("refusals");
            for (RefusalCondition r : refusals) {
                ObjectNode o = out.addObject();
                o.put("cluster", clusterName(r.clusterArn())).put("clusterArn", r.clusterArn()).put("subject", r.subject())
                        .put("kind", r.kind()).put("type", "Refused").put("status", r.status().wireName()).put("reason", r.reason())
                        .put("topic", r.topic()).put("owner", r.owner()).put("message", r.message())
                        .put("remediation", r.remediation()).put("since", r.since().toString())
                        .put("updatedAt", r.updatedAt().toString()).put("correlationId", r.correlationId());
                r.codes().forEach(o.putArray("codes")::add);
                r.tags().forEach(o.putArray("tags")::add);
            }
            return write(root);
        }
        StringBuilder text = new StringBuilder(table(statuses));
        if (!refusals.isEmpty()) {
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"CLUSTER", "SUBJECT", "REFUSED", "REASON", "CODES", "TAGS", "OWNER", "SINCE"});
            for (RefusalCondition r : refusals) {
                rows.add(new String[] {dash(clusterName(r.clusterArn())), r.subject(), r.status().wireName(), r.reason(),
                        String.join(",", r.codes()), dash(String.join(" ", r.tags())), dash(r.owner()), r.since().toString()});
            }
            text.append('\n').append("REFUSALS\n").append(align(rows));
            for (RefusalCondition r : refusals) {
                if (r.standing() && !r.remediation().isEmpty()) {
                    text.append("  ").append(r.subject()).append(": ").append(r.remediation()).append('\n');
                }
            }
        }
        return text.toString();
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
        return write(out);
    }

    private static String write(Object tree) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree);
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
        return align(rows);
    }

    /** Rows as columns two spaces apart, each as wide as its widest cell. */
    static String align(List<String[]> rows) {
        int[] widths = new int[rows.get(0).length];
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
    public static String clusterName(String arn) {
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
