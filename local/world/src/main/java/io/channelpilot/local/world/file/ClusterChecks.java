package io.channelpilot.local.world.file;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Rules for {@code clusters[]} and their topics (reference §1.2: broker types, Express from Kafka 3.6). */
final class ClusterChecks {

    static final List<String> EXPRESS_TYPES = List.of("express.m7g.large", "express.m7g.xlarge", "express.m7g.2xlarge",
            "express.m7g.4xlarge", "express.m7g.8xlarge", "express.m7g.12xlarge", "express.m7g.16xlarge");
    static final List<String> BROKER_TYPES = brokerTypes();
    static final List<String> CLUSTER_TYPES = List.of("PROVISIONED", "SERVERLESS");
    private static final Pattern CLUSTER_NAME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9-]{0,63}$");
    private static final Pattern CLUSTER_UUID = Pattern.compile("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}"
            + "-[0-9a-f]{12}-\\d+$");

    private ClusterChecks() {
    }

    static void cluster(Checks c, String p, WorldFile.Cluster cl, Checks.Unique names) {
        if (c.required(p + ".name", cl.name())) {
            c.matches(p + ".name", cl.name(), CLUSTER_NAME, "must start with a letter and contain 1-64 letters,"
                    + " digits and hyphens");
            names.add(p + ".name", cl.name());
        }
        c.matches(p + ".uuid", cl.uuid(), CLUSTER_UUID, "must be a lowercase UUID followed by -N");
        c.oneOf(p + ".clusterType", cl.clusterType(), CLUSTER_TYPES);
        boolean serverless = "SERVERLESS".equals(cl.clusterType());
        if (serverless && cl.brokerType() != null) {
            c.fail(p + ".brokerType", "must be absent for a SERVERLESS cluster");
        } else if (!serverless && c.required(p + ".brokerType", cl.brokerType())) {
            c.oneOf(p + ".brokerType", cl.brokerType(), BROKER_TYPES);
        }
        if (cl.brokerType() != null && cl.brokerType().startsWith("express.") && cl.kafkaVersion() != null
                && !KafkaVersions.atLeast(cl.kafkaVersion(), 3, 6)) {
            c.fail(p + ".kafkaVersion", "Express brokers need Kafka 3.6 or later, was '" + cl.kafkaVersion() + "'");
        }
        c.atLeast(p + ".brokers", cl.brokers(), 1);
        if (cl.tags() != null) {
            cl.tags().keySet().stream().filter(k -> k.isEmpty() || k.startsWith("aws:")).forEach(k ->
                    c.fail(p + ".tags." + k, "tag keys must be non-empty and must not start with aws:"));
        }
        Checks.Unique topics = new Checks.Unique(c, "topic name");
        List<WorldFile.Topic> list = cl.topics() == null ? List.of() : cl.topics();
        for (int j = 0; j < list.size(); j++) {
            String tp = p + ".topics[" + j + "]";
            WorldFile.Topic t = list.get(j);
            if (c.required(tp + ".name", t.name())) {
                io.channelpilot.model.TopicNames.problem(t.name()).ifPresent(why ->
                        c.fail(tp + ".name", "must be a legal Kafka topic name (" + io.channelpilot.model.TopicNames.RULE + "): it " + why));
                topics.add(tp + ".name", t.name());
            }
            if (c.required(tp + ".partitions", t.partitions())) {
                c.atLeast(tp + ".partitions", t.partitions(), 1);
            }
            c.atLeast(tp + ".replicationFactor", t.replicationFactor(), 1);
            c.atLeast(tp + ".retentionMs", t.retentionMs(), -1);
        }
    }

    private static List<String> brokerTypes() {
        List<String> out = new ArrayList<>(EXPRESS_TYPES);
        out.add("kafka.t3.small");
        List<String> m5 = List.of("large", "xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge", "24xlarge");
        m5.forEach(s -> out.add("kafka.m5." + s));
        for (String s : List.of("large", "xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge")) {
            out.add("kafka.m7g." + s);
        }
        return List.copyOf(out);
    }
}
