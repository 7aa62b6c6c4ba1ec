package io.channelpilot.gateway;

import io.channelpilot.notification.RenderedNotification;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.MessageAttributeValue;
import software.amazon.awssdk.services.sns.model.PublishRequest;

/**
 * {@link NotificationPublisher} over SNS Publish with {@code MessageStructure=json} (the {@code default} member is
 * the v1 JSON, {@code email} the readable text), the subject, and {@code String} message attributes for
 * subscription filter policies (DESIGN §8).
 */
final class SnsNotificationPublisher implements NotificationPublisher {

    private final SnsClient sns;
    private final String topicArn;

    public SnsNotificationPublisher(SnsClient sns, String topicArn) {
        this.sns = Objects.requireNonNull(sns, "sns");
        this.topicArn = Objects.requireNonNull(topicArn, "topicArn");
    }

    @Override
    public String publish(RenderedNotification message) {
        Map<String, MessageAttributeValue> attributes = new LinkedHashMap<>();
        message.attributes().forEach((k, v) -> attributes.put(k,
                MessageAttributeValue.builder().dataType("String").stringValue(v).build()));
        return AwsErrors.call("sns", "Publish", "sns:Publish on the notification topic (and kms:GenerateDataKey via SNS)",
                () -> sns.publish(PublishRequest.builder().topicArn(topicArn).messageStructure("json").subject(message.subject())
                        .message(message.message()).messageAttributes(attributes).build()).messageId());
    }
}
