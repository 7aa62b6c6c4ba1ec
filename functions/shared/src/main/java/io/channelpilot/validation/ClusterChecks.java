package io.channelpilot.validation;

import static io.channelpilot.model.Alternative.DATA_FIREHOSE_MSK_SOURCE;
import static io.channelpilot.model.Alternative.KAFKA_CONNECT_S3_SINK;
import static io.channelpilot.model.Alternative.MANAGED_SERVICE_FOR_APACHE_FLINK;

import java.util.List;

/** Source-side rules: Express cluster, guardrail, topic, and needs streaming tables cannot meet. */
final class ClusterChecks {

    private ClusterChecks() {
    }

    static List<Check> all() {
        return List.of(express(), allowed(), topicExists(), needs());
    }

    /** Reference §1.2: PROVISIONED and {@code instanceType} starting with {@code express.}. */
    static Check express() {
        return Check.of(RuleCode.CLUSTER_EXPRESS, ctx -> ctx.clusterFacts().fold(c -> c.isExpress()
                        ? RuleCode.CLUSTER_EXPRESS.pass("Cluster " + ctx.cluster().name() + " is PROVISIONED with " + c.instanceType() + " brokers.")
                        : RuleCode.CLUSTER_EXPRESS.fail("Cluster " + ctx.cluster().name() + " is " + c.clusterType()
                                        + (c.instanceType().isEmpty() ? "" : " with " + c.instanceType() + " brokers")
                                        + "; streaming tables need MSK Provisioned with Express brokers.",
                                "Prefer streaming tables on an MSK Provisioned cluster with express.* brokers (the broker type cannot be "
                                        + "switched in place: create an Express cluster and move the topic); otherwise route the topic "
                                        + "with Amazon Data Firehose (MSK source), a Kafka Connect S3 sink, or Managed Service for Apache Flink.",
                                DATA_FIREHOSE_MSK_SOURCE, KAFKA_CONNECT_S3_SINK, MANAGED_SERVICE_FOR_APACHE_FLINK),
                RuleCode.CLUSTER_EXPRESS::unknown));
    }

    static Check allowed() {
        return Check.of(RuleCode.CLUSTER_ALLOWED, ctx -> ctx.stack().allowsCluster(ctx.cluster())
                ? RuleCode.CLUSTER_ALLOWED.pass(ctx.stack().allowedClusters().isEmpty()
                        ? "No ALLOWED_CLUSTERS guardrail is set; every cluster is allowed."
                        : "Cluster " + ctx.cluster().name() + " is in ALLOWED_CLUSTERS.")
                : RuleCode.CLUSTER_ALLOWED.fail("Cluster " + ctx.cluster().arn() + " is not in the stack's ALLOWED_CLUSTERS guardrail.",
                        "Add the cluster ARN or name to the AllowedClusters stack parameter, or remove the channel-pilot tags from this cluster."));
    }

    static Check topicExists() {
        return Check.of(RuleCode.TOPIC_EXISTS, ctx -> ctx.topic().fold(t -> t.isPresent()
                        ? RuleCode.TOPIC_EXISTS.pass("Topic " + ctx.spec().topic() + " exists with " + t.get().partitionCount() + " partitions.")
                        : RuleCode.TOPIC_EXISTS.fail("Topic " + ctx.spec().topic() + " does not exist on cluster " + ctx.cluster().name() + ".",
                                "Create the topic first (or fix the topic= selector); the channel is created when the topic appears."),
                RuleCode.TOPIC_EXISTS::unknown));
    }

    static Check needs() {
        return Check.of(RuleCode.NEEDS_SUPPORTED, ctx -> {
            if (ctx.needs().isEmpty()) {
                return RuleCode.NEEDS_SUPPORTED.pass("No declared need conflicts with append-only delivery into a new table.");
            }
            List<String> unmet = ctx.needs().stream().map(Need::description).toList();
            return RuleCode.NEEDS_SUPPORTED.fail("Streaming tables cannot provide: " + String.join("; ", unmet) + ".",
                    "Use Managed Service for Apache Flink for this topic (Iceberg sink with upserts/CDC, schema evolution, existing "
                            + "tables or a backfill from the earliest offset); streaming tables are append-only into a new table.",
                    MANAGED_SERVICE_FOR_APACHE_FLINK);
        });
    }
}
