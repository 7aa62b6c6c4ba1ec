package io.channelpilot.reconcile.gateway;

import io.channelpilot.retention.TopicConfigs;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * {@link TopicRetention} over MSK DescribeTopic, counted as {@code kafka:DescribeTopic}. Advisory like triage's read:
 * a failure (throttled, denied, topic gone) makes the retention unknown for this sweep — reported, never guessed.
 */
public final class SdkTopicRetention implements TopicRetention {

    private static final Logger LOG = LoggerFactory.getLogger(SdkTopicRetention.class);

    private final KafkaClient kafka;
    private final ApiCalls calls;

    public SdkTopicRetention(KafkaClient kafka, ApiCalls calls) {
        this.kafka = kafka;
        this.calls = calls;
    }

    @Override
    public Optional<Long> retentionMs(String clusterArn, String topic) {
        calls.count("kafka:DescribeTopic");
        try {
            return TopicConfigs.retentionMs(kafka.describeTopic(r -> r.clusterArn(clusterArn).topicName(topic)).configs());
        } catch (SdkException e) {
            LOG.warn("retention of topic={} unknown: DescribeTopic failed ({})", topic, e.getClass().getSimpleName());
            return Optional.empty();
        }
    }
}
