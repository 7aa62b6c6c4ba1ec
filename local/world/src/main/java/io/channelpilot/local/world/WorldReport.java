package io.channelpilot.local.world;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.world.cloudwatch.MetricAlarm;
import io.channelpilot.local.world.delivery.DlqLayout;
import io.channelpilot.local.world.http.ApiCallLog;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.local.world.logs.LogGroupView;
import io.channelpilot.local.world.msk.ChannelView;
import io.channelpilot.local.world.s3.S3Front;
import io.channelpilot.local.world.s3tables.TableView;
import io.channelpilot.local.world.sns.MessageAttribute;
import io.channelpilot.local.world.sns.PublishedMessage;
import io.channelpilot.local.world.workflow.WorkflowHost;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The deterministic JSON report of a world run (issue "local world" item 4): executions with states visited and
 * transition counts, channels, log groups, alarms, tables with row counts, DLQ objects and records, notifications,
 * API call counts per "service:Operation", faults injected, and errors. Lists are sorted by stable keys so two runs
 * of the same scenario produce the same report (execution names derive from event ids; times are virtual).
 */
public final class WorldReport {

    private WorldReport() {
    }

    public static ObjectNode of(LocalWorld world, List<String> errors) {
        ObjectNode root = Json.object();
        root.put("clock", world.clock().instant().toString());
        root.set("executions", executions(world.workflows()));
        root.set("channels", channels(world));
        root.set("logGroups", logGroups(world));
        root.set("alarms", alarms(world));
        root.set("tables", tables(world));
        root.set("dlq", dlq(world));
        root.set("notifications", notifications(world));
        ObjectNode calls = root.putObject("apiCalls");
        world.server().calls().counts().forEach(calls::put);
        root.set("calls", calls(world));
        root.put("faultsInjected", world.server().calls().faultsInjected());
        ArrayNode errs = root.putArray("errors");
        errors.forEach(errs::add);
        world.workflows().deliveries().stream().filter(d -> d.result().startsWith("failed"))
                .forEach(d -> errs.add("event " + d.eventId() + " -> " + d.target() + ": " + d.result()));
        return root;
    }

    static ArrayNode executions(WorkflowHost host) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        List<ExecutionDescription> all = new ArrayList<>();
        host.stateMachineArns().values().forEach(arn -> all.addAll(host.executions().list(arn, null)));
        all.sort(Comparator.comparing(ExecutionDescription::startDate).thenComparing(ExecutionDescription::name));
        for (ExecutionDescription d : all) {
            ObjectNode e = out.addObject();
            e.put("stateMachine", d.stateMachineArn().substring(d.stateMachineArn().lastIndexOf(':') + 1));
            e.put("name", d.name());
            e.put("status", d.status().name());
            ArrayNode visited = e.putArray("statesVisited");
            d.statesVisited().forEach(visited::add);
            e.put("transitions", d.transitions());
            if (d.error() != null) {
                e.put("error", d.error());
            }
            e.set("input", d.input());
            if (d.output() != null) {
                e.set("output", d.output());
            }
        }
        return out;
    }

    /**
     * A status-table claim's token ({@code "token"} / {@code ":token"}): a random nonce per claim attempt, so a retry
     * after a lost answer finds its own claim (DynamoDbStatusStore).
     */
    private static final java.util.regex.Pattern CLAIM_TOKEN = java.util.regex.Pattern.compile(
            "(\":?token\":\\{\"S\":\")([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\")");

    /**
     * Every answered call in arrival order with what was asked, so a scenario can be judged from the report alone.
     * Claim tokens are random nonces by design (two claimers must never share one), so the report numbers them in order
     * of first appearance ({@code claim-token-1}, ...): identical runs give identical reports, and a retry that reuses
     * its token still shows the same number.
     */
    static ArrayNode calls(LocalWorld world) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        Map<String, String> tokens = new java.util.HashMap<>();
        for (ApiCallLog.Call c : world.server().calls().calls()) {
            ObjectNode n = out.addObject().put("call", c.key()).put("status", c.status());
            if (c.errorCode() != null) {
                n.put("error", c.errorCode());
            }
            if (c.fault() != null) {
                n.put("fault", c.fault());
            }
            n.put("request", c.request() == null ? null : numberedClaimTokens(c.request(), tokens));
        }
        return out;
    }

    static String numberedClaimTokens(String request, Map<String, String> tokens) {
        java.util.regex.Matcher m = CLAIM_TOKEN.matcher(request);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String number = tokens.computeIfAbsent(m.group(2), t -> "claim-token-" + (tokens.size() + 1));
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(m.group(1) + number + m.group(3)));
        }
        return m.appendTail(out).toString();
    }

    static ArrayNode channels(LocalWorld world) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        world.services().msk().channels().stream().sorted(Comparator.comparing(ChannelView::arn)).forEach(v -> {
            ObjectNode c = out.addObject();
            c.put("cluster", v.clusterName());
            c.put("topic", v.spec().topicName());
            c.put("name", v.spec().name());
            c.put("arn", v.arn());
            c.put("status", v.status().name());
            v.stateInfo().ifPresent(s -> c.put("stateInfo", s.toString()));
            c.put("dataFreshnessInSeconds", v.dataFreshnessInSeconds());
            c.put("namespace", v.spec().namespace());
            c.put("table", v.spec().table());
            ObjectNode tags = c.putObject("tags");
            new java.util.TreeMap<>(v.tags()).forEach(tags::put);
        });
        return out;
    }

    static ArrayNode logGroups(LocalWorld world) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        world.services().logs().store().logGroups().stream().sorted(Comparator.comparing(LogGroupView::name))
                .forEach(g -> {
                    ObjectNode n = out.addObject().put("name", g.name());
                    g.retentionInDays().ifPresent(d -> n.put("retentionInDays", d));
                    g.kmsKeyId().ifPresent(k -> n.put("kmsKeyId", k));
                });
        return out;
    }

    static ArrayNode alarms(LocalWorld world) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        world.cloudWatch().alarms().stream().sorted(Comparator.comparing(MetricAlarm::alarmName)).forEach(a -> {
            ObjectNode n = out.addObject().put("name", a.alarmName()).put("metric", a.metricName())
                    .put("threshold", a.threshold()).put("state", a.state().value());
            ObjectNode dims = n.putObject("dimensions");
            a.dimensions().forEach(dims::put);
        });
        return out;
    }

    static ArrayNode tables(LocalWorld world) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        world.services().tables().catalog().tables().stream()
                .sorted(Comparator.comparing((TableView t) -> t.namespace()).thenComparing(TableView::name))
                .forEach(t -> {
                    String bucket = t.tableBucketArn().substring(t.tableBucketArn().lastIndexOf('/') + 1);
                    out.addObject().put("bucket", bucket).put("namespace", t.namespace()).put("name", t.name())
                            .put("rows", world.warehouse().rowCount(new TableId(bucket, t.namespace(), t.name())));
                });
        return out;
    }

    static ObjectNode dlq(LocalWorld world) {
        S3Front s3 = world.s3();
        String bucket = world.stack().dlqBucket();
        long objects = 0;
        long records = 0;
        ArrayNode keys = Json.MAPPER.createArrayNode();
        if (s3.exists(bucket)) {
            for (S3Front.ObjectSummary o : s3.listObjects(bucket, world.stack().dlqPrefix())) {
                objects++;
                keys.add(o.key());
                records += DlqLayout.recordsIn(s3.getObject(bucket, o.key()));
            }
        }
        ObjectNode out = Json.object().put("bucket", bucket).put("objects", objects).put("records", records);
        out.set("keys", keys);
        return out;
    }

    static ArrayNode notifications(LocalWorld world) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (PublishedMessage m : world.sns().published()) {
            ObjectNode n = out.addObject();
            MessageAttribute kind = m.attributes().get("kind");
            MessageAttribute severity = m.attributes().get("severity");
            n.put("kind", kind == null ? "" : kind.stringValue());
            n.put("severity", severity == null ? "" : severity.stringValue());
            n.put("subject", m.subject() == null ? "" : m.subject());
            JsonNode message;
            try {
                message = Json.MAPPER.readTree(m.defaultMessage());
            } catch (IOException e) {
                message = Json.MAPPER.getNodeFactory().textNode(m.defaultMessage());
            }
            n.set("message", message);
        }
        return out;
    }
}
