package io.channelpilot.local.world.sns;

import java.util.Map;

/**
 * A topic subscription as recorded by the local world. Email subscriptions stay pending until confirmed (as with a
 * real inbox); SQS and Lambda subscriptions are confirmed at once.
 */
public record Subscription(String arn, String topicArn, String protocol, String endpoint, Map<String, String> attributes,
                           boolean confirmed) {

    public Subscription {
        attributes = Map.copyOf(attributes);
    }

    Subscription withAttributes(Map<String, String> next) {
        return new Subscription(arn, topicArn, protocol, endpoint, next, confirmed);
    }

    Subscription confirm() {
        return new Subscription(arn, topicArn, protocol, endpoint, attributes, true);
    }
}
