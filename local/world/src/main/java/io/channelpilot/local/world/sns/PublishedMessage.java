package io.channelpilot.local.world.sns;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One message accepted by Publish, kept for inspection: what was sent and, per subscription, whether SNS would
 * deliver it (confirmed and FilterPolicy matching) and with which rendering.
 *
 * @param perProtocol with {@code MessageStructure=json}, the protocol-specific renderings (e.g. {@code email});
 *                    empty otherwise
 */
public record PublishedMessage(String messageId, String topicArn, String subject, String defaultMessage,
                               Map<String, String> perProtocol, Map<String, MessageAttribute> attributes,
                               Instant timestamp, List<Delivery> deliveries) {

    public PublishedMessage {
        perProtocol = Map.copyOf(perProtocol);
        attributes = Map.copyOf(attributes);
        deliveries = List.copyOf(deliveries);
    }

    /** The body a protocol receives: its own rendering when given, else the default. */
    public String messageFor(String protocol) {
        return perProtocol.getOrDefault(protocol, defaultMessage);
    }

    /**
     * The evaluation of one subscription for this message.
     *
     * @param delivered   true when SNS would deliver: confirmed and the filter policy (if any) matches
     * @param filterMatch whether the filter policy matched (true when there is none)
     * @param body        the message body that protocol receives
     */
    public record Delivery(String subscriptionArn, String protocol, String endpoint, boolean delivered,
                           boolean filterMatch, boolean pendingConfirmation, String body) {
    }
}
