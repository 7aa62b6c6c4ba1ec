package io.channelpilot.reconcile.gateway;

import java.util.Optional;

/** A topic's {@code retention.ms} (MSK DescribeTopic configs) for the retention-race check; empty when unknown. */
public interface TopicRetention {

    Optional<Long> retentionMs(String clusterArn, String topic);
}
