package io.channelpilot.gateway;

import io.channelpilot.model.AsciiNumbers;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.RefusalCondition;

/** Maps {@link RefusalCondition} to and from a DynamoDB item. */
final class RefusalItems {

    private RefusalItems() {
    }

    static Map<String, AttributeValue> toItem(RefusalCondition c, String pk, String sk) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", AttributeValue.fromS(pk));
        item.put("sk", AttributeValue.fromS(sk));
        item.put("clusterArn", AttributeValue.fromS(c.clusterArn()));
        item.put("subject", AttributeValue.fromS(c.subject()));
        item.put("kind", AttributeValue.fromS(c.kind()));
        item.put("status", AttributeValue.fromS(c.status().wireName()));
        item.put("codes", AttributeValue.fromS(String.join(",", c.codes())));
        item.put("tags", AttributeValue.fromS(String.join("\n", c.tags())));
        item.put("topic", AttributeValue.fromS(c.topic()));
        item.put("owner", AttributeValue.fromS(c.owner()));
        item.put("message", AttributeValue.fromS(c.message()));
        item.put("remediation", AttributeValue.fromS(c.remediation()));
        item.put("since", AttributeValue.fromS(c.since().toString()));
        item.put("updatedAt", AttributeValue.fromS(c.updatedAt().toString()));
        item.put("correlationId", AttributeValue.fromS(c.correlationId()));
        if (c.expiresAt() != null) {
            item.put("expiresAt", AttributeValue.fromN(Long.toString(c.expiresAt().getEpochSecond())));
        }
        return item;
    }

    static RefusalCondition toCondition(Map<String, AttributeValue> item) {
        AttributeValue expires = item.get("expiresAt");
        return new RefusalCondition(str(item, "clusterArn"), str(item, "subject"), str(item, "kind"),
                ConditionStatus.fromWireName(str(item, "status")), split(str(item, "codes"), ","), split(str(item, "tags"), "\n"),
                str(item, "topic"), str(item, "owner"), str(item, "message"), str(item, "remediation"),
                Instant.parse(str(item, "since")), Instant.parse(str(item, "updatedAt")), str(item, "correlationId"),
                expires == null || expires.n() == null ? null : Instant.ofEpochSecond(AsciiNumbers.requireLong(expires.n())));
    }

    private static List<String> split(String joined, String separator) {
        return joined.isEmpty() ? List.of() : Arrays.asList(joined.split(java.util.regex.Pattern.quote(separator)));
    }

    private static String str(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null || v.s() == null ? "" : v.s();
    }
}
