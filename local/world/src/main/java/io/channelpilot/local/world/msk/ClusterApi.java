package io.channelpilot.local.world.msk;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * DescribeClusterV2, ListClustersV2, DescribeClusterOperation(V2) (reference §1.2). Only the members Channel Pilot
 * reads are meaningful; the rest have plausible fixed values. UNCONFIRMED: whether Express responses omit EBS
 * {@code storageInfo}; we omit it for Express and include it for Standard brokers.
 */
final class ClusterApi {

    private final MskState state;

    ClusterApi(MskState state) {
        this.state = state;
    }

    ObjectNode describe(String clusterArn) {
        ObjectNode out = Json.object();
        out.set("clusterInfo", render(state.cluster(clusterArn)));
        return out;
    }

    ObjectNode list(Optional<String> nameFilter, Optional<String> typeFilter, Optional<String> maxResults,
                    Optional<String> nextToken) {
        // The API reference: clusterNameFilter is a name prefix.
        List<MskCluster> matching = state.clusters.values().stream()
                .filter(c -> nameFilter.map(f -> c.name().startsWith(f)).orElse(true))
                .filter(c -> typeFilter.map(f -> c.clusterType().equals(f)).orElse(true)).toList();
        Paging.Page<MskCluster> page = Paging.page(matching, maxResults, nextToken, 100, 100);
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("clusterInfoList");
        page.items().forEach(c -> list.add(render(c)));
        page.nextToken().ifPresent(t -> out.put("nextToken", t));
        return out;
    }

    ObjectNode describeOperation(String operationArn, boolean v2) {
        ClusterOperation op = state.operations.get(operationArn);
        if (op == null) {
            throw MskErrors.notFound("clusterOperationArn", "Cluster operation " + operationArn + " does not exist");
        }
        ObjectNode info = Json.object();
        info.put("clusterArn", op.clusterArn());
        info.put(v2 ? "startTime" : "creationTime", CloudTrailEvents.iso(op.start()));
        if (op.ended(state.now())) {
            info.put("endTime", CloudTrailEvents.iso(op.end()));
        }
        if (op.failure() != null && op.ended(state.now())) {
            info.putObject("errorInfo").put("errorCode", op.failure().code())
                    .put("errorString", op.failure().message());
        }
        info.put("operationArn", op.arn());
        info.put("operationState", op.state(state.now()));
        info.put("operationType", op.type());
        if (v2) {
            info.put("clusterType", op.clusterType());
        }
        ObjectNode out = Json.object();
        out.set("clusterOperationInfo", info);
        return out;
    }

    private ObjectNode render(MskCluster c) {
        ObjectNode info = Json.object();
        info.put("clusterType", c.clusterType());
        info.put("clusterArn", c.arn(state.settings));
        info.put("clusterName", c.name());
        info.put("creationTime", CloudTrailEvents.iso(c.creationTime()));
        info.put("currentVersion", "K3AEGXETSR30VB");
        info.put("state", c.state());
        ObjectNode tags = info.putObject("tags");
        state.tags.getOrDefault(c.arn(state.settings), Map.of()).forEach(tags::put);
        ObjectNode iam = Json.object();
        iam.putObject("sasl").putObject("iam").put("enabled", true);
        if ("SERVERLESS".equals(c.clusterType())) {
            ObjectNode serverless = info.putObject("serverless");
            ObjectNode vpc = serverless.putArray("vpcConfigs").addObject();
            vpc.putArray("subnetIds").add("subnet-local-a").add("subnet-local-b");
            vpc.putArray("securityGroupIds").add("sg-local");
            serverless.set("clientAuthentication", iam);
            return info;
        }
        ObjectNode p = info.putObject("provisioned");
        ObjectNode nodes = p.putObject("brokerNodeGroupInfo");
        nodes.put("brokerAZDistribution", "DEFAULT");
        nodes.putArray("clientSubnets").add("subnet-local-a").add("subnet-local-b").add("subnet-local-c");
        nodes.put("instanceType", c.instanceType());
        nodes.putArray("securityGroups").add("sg-local");
        if (!c.isExpress()) {
            nodes.putObject("storageInfo").putObject("ebsStorageInfo").put("volumeSize", 100);
        }
        p.putObject("currentBrokerSoftwareInfo").put("kafkaVersion", c.kafkaVersion());
        p.set("clientAuthentication", iam);
        p.putObject("encryptionInfo").putObject("encryptionInTransit").put("clientBroker", "TLS")
                .put("inCluster", true);
        p.put("enhancedMonitoring", "DEFAULT");
        p.put("numberOfBrokerNodes", c.brokerNodes());
        p.put("storageMode", "LOCAL");
        return info;
    }
}
