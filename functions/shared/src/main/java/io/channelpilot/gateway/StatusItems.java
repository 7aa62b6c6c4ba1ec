package io.channelpilot.gateway;

import io.channelpilot.model.AsciiNumbers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.Condition;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StateTransition;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.RecordedAlarm;

/** Maps {@link ChannelStatus} to and from a DynamoDB item. */
final class StatusItems {

    private StatusItems() {
    }

    static Map<String, AttributeValue> toItem(ChannelStatus st, String pk) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", AttributeValue.fromS(pk));
        item.put("sk", AttributeValue.fromS("STATUS#" + st.key().channelName()));
        item.put("clusterArn", AttributeValue.fromS(st.key().clusterArn()));
        item.put("channelName", AttributeValue.fromS(st.key().channelName()));
        item.put("topic", AttributeValue.fromS(st.topic()));
        item.put("channelArn", AttributeValue.fromS(st.channelArn()));
        item.put("desired", AttributeValue.fromS(st.desiredJson()));
        item.put("fingerprint", AttributeValue.fromS(st.fingerprint()));
        item.put("observed", AttributeValue.fromS(st.observedStatus()));
        item.put("generation", AttributeValue.fromN(Long.toString(st.generation())));
        item.put("lastExecution", AttributeValue.fromS(st.lastExecution()));
        item.put("updatedAt", AttributeValue.fromS(st.updatedAt().toString()));
        item.put("version", AttributeValue.fromN(Long.toString(st.version())));
        List<AttributeValue> conditions = new ArrayList<>();
        for (Condition c : st.conditions()) {
            Map<String, AttributeValue> m = new HashMap<>();
            m.put("type", AttributeValue.fromS(c.type().wireName()));
            m.put("status", AttributeValue.fromS(c.status().wireName()));
            m.put("reason", AttributeValue.fromS(c.reason()));
            m.put("message", AttributeValue.fromS(c.message()));
            m.put("lastTransitionTime", AttributeValue.fromS(c.lastTransitionTime().toString()));
            m.put("observedGeneration", AttributeValue.fromN(Long.toString(c.observedGeneration())));
            conditions.add(AttributeValue.fromM(m));
        }
        item.put("conditions", AttributeValue.fromL(conditions));
        List<AttributeValue> alarms = new ArrayList<>();
        for (RecordedAlarm a : st.alarms()) {
            Map<String, AttributeValue> dims = new HashMap<>();
            a.dimensions().forEach((k, v) -> dims.put(k, AttributeValue.fromS(v)));
            alarms.add(AttributeValue.fromM(Map.of("name", AttributeValue.fromS(a.name()), "arn", AttributeValue.fromS(a.arn()),
                    "namespace", AttributeValue.fromS(a.namespace()), "metric", AttributeValue.fromS(a.metric()),
                    "dimensions", AttributeValue.fromM(dims))));
        }
        if (!alarms.isEmpty()) {
            item.put("alarms", AttributeValue.fromL(alarms));
        }
        StateTransition t = st.transition();
        if (t != null) {
            item.put("transitionFrom", AttributeValue.fromS(t.from()));
            item.put("transitionTo", AttributeValue.fromS(t.to()));
            item.put("transitionAt", AttributeValue.fromS(t.at().toString()));
            item.put("transitionId", AttributeValue.fromS(t.id()));
            item.put("transitionPublished", AttributeValue.fromBool(t.published()));
        }
        return item;
    }

    static ChannelStatus toStatus(Map<String, AttributeValue> item) {
        List<Condition> conditions = new ArrayList<>();
        AttributeValue list = item.get("conditions");
        if (list != null && list.hasL()) {
            for (AttributeValue v : list.l()) {
                Map<String, AttributeValue> m = v.m();
                conditions.add(new Condition(ConditionType.fromWireName(m.get("type").s()),
                        ConditionStatus.fromWireName(m.get("status").s()), m.get("reason").s(), m.get("message").s(),
                        Instant.parse(m.get("lastTransitionTime").s()), AsciiNumbers.requireLong(m.get("observedGeneration").n())));
            }
        }
        List<RecordedAlarm> alarms = new ArrayList<>();
        AttributeValue recorded = item.get("alarms");
        if (recorded != null && recorded.hasL()) {
            for (AttributeValue v : recorded.l()) {
                Map<String, AttributeValue> m = v.m();
                Map<String, String> dims = new HashMap<>();
                m.get("dimensions").m().forEach((k, d) -> dims.put(k, d.s()));
                alarms.add(new RecordedAlarm(m.get("name").s(), m.get("arn").s(), m.get("namespace").s(), m.get("metric").s(), dims));
            }
        }
        return new ChannelStatus(new ChannelKey(str(item, "clusterArn"), str(item, "channelName")), str(item, "topic"),
                str(item, "channelArn"), str(item, "desired"), str(item, "fingerprint"), str(item, "observed"),
                num(item, "generation"), str(item, "lastExecution"), conditions, alarms,
                Instant.parse(str(item, "updatedAt")), num(item, "version"), transition(item));
    }

    private static StateTransition transition(Map<String, AttributeValue> item) {
        if (!item.containsKey("transitionTo")) {
            return null;
        }
        AttributeValue published = item.get("transitionPublished");
        return new StateTransition(str(item, "transitionFrom"), str(item, "transitionTo"), Instant.parse(str(item, "transitionAt")),
                str(item, "transitionId"), published != null && Boolean.TRUE.equals(published.bool()));
    }

    private static String str(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null || v.s() == null ? "" : v.s();
    }

    private static long num(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null || v.n() == null ? 0 : AsciiNumbers.requireLong(v.n());
    }
}
