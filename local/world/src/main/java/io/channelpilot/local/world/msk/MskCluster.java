package io.channelpilot.local.world.msk;

import java.time.Instant;
import java.util.Objects;

/**
 * A cluster of the world (clusters come from the world file only: Channel Pilot never creates clusters).
 *
 * @param name          cluster name
 * @param uuid          the ARN's cluster id, a UUID followed by {@code -N} (reference §1.1)
 * @param clusterType   {@code PROVISIONED} or {@code SERVERLESS}
 * @param instanceType  broker instance type for PROVISIONED ({@code express.m7g.*}, {@code kafka.m5.*}, ...); null for
 *                      SERVERLESS
 * @param kafkaVersion  e.g. {@code 3.8.x}
 * @param brokerNodes   number of broker nodes (PROVISIONED)
 * @param state         cluster state, usually {@code ACTIVE}
 * @param creationTime  when the cluster was created
 */
public record MskCluster(String name, String uuid, String clusterType, String instanceType, String kafkaVersion,
                         int brokerNodes, String state, Instant creationTime) {

    public MskCluster {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(clusterType, "clusterType");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(creationTime, "creationTime");
    }

    /** Reference §1.2: Express means PROVISIONED with an {@code express.} broker instance type. */
    public boolean isExpress() {
        return "PROVISIONED".equals(clusterType) && instanceType != null && instanceType.startsWith("express.");
    }

    String arn(MskSettings s) {
        return s.arnPrefix() + "cluster/" + name + "/" + uuid;
    }

    String topicArn(MskSettings s, String topicName) {
        return s.arnPrefix() + "topic/" + name + "/" + uuid + "/" + topicName;
    }

    String channelArn(MskSettings s, String channelName, String channelUuid) {
        return s.arnPrefix() + "channel/" + name + "/" + uuid + "/" + channelName + "/" + channelUuid;
    }

    String operationArn(MskSettings s, String operationId) {
        return s.arnPrefix() + "cluster-operation/" + name + "/" + uuid + "/" + operationId;
    }
}
