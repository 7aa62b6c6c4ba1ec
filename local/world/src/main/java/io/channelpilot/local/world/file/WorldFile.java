package io.channelpilot.local.world.file;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * The world file (docs/local-world.md, "World file"): a JSON document describing one offline AWS account. Parsed
 * strictly by {@link WorldFiles} (unknown fields are errors) and checked by {@link WorldFileValidator}; every problem
 * names its JSON path. Optional members are null when absent; {@link WorldFileValidator} fills no defaults, the
 * seeder does. {@code schedules} false keeps the template's schedule rules from firing on the virtual clock (tests that
 * run sweeps by hand). Durations are ISO-8601 strings ({@code PT60S}), times ISO-8601 instants.
 */
public record WorldFile(String account, String region, Long seed, String startTime, Boolean emitEvents, Msk msk,
                        List<Cluster> clusters, List<Registry> schemaRegistries, List<TableBucket> tableBuckets,
                        List<Bucket> buckets, List<LogGroup> logGroups, List<Role> roles, List<Quota> quotas,
                        Timings timings, List<Fault> faults, Delivery delivery, Boolean schedules) {

    public WorldFile {
        clusters = clusters == null ? List.of() : List.copyOf(clusters);
        schemaRegistries = schemaRegistries == null ? List.of() : List.copyOf(schemaRegistries);
        tableBuckets = tableBuckets == null ? List.of() : List.copyOf(tableBuckets);
        buckets = buckets == null ? List.of() : List.copyOf(buckets);
        logGroups = logGroups == null ? List.of() : List.copyOf(logGroups);
        roles = roles == null ? List.of() : List.copyOf(roles);
        quotas = quotas == null ? List.of() : List.copyOf(quotas);
        faults = faults == null ? List.of() : List.copyOf(faults);
    }

    /**
     * Delivery simulation switches: {@code dlqLayoutSeed} picks the layout of the DLQ objects the world writes
     * ({@code DlqLayout.fromSeed}); absent, the documented default layout.
     */
    public record Delivery(Long dlqLayoutSeed) {
    }

    /** MSK behaviour switches for what AWS leaves UNCONFIRMED (see MskSettings). */
    public record Msk(Boolean topicTaggingSupported, Boolean enforceChannelNamePattern, String topicPropagationDelay,
                      String channelTopicFilter) {
    }

    /** A cluster; {@code brokerType} is required for PROVISIONED and absent for SERVERLESS. */
    public record Cluster(String name, String uuid, String clusterType, String brokerType, String kafkaVersion,
                          Integer brokers, Map<String, String> tags, List<Topic> topics) {
    }

    /** A topic; {@code retentionMs} becomes the {@code retention.ms} config. */
    public record Topic(String name, Integer partitions, Integer replicationFactor, Long retentionMs,
                        Map<String, String> configs) {
    }

    /** A Glue Schema Registry registry and its schemas. */
    public record Registry(String name, String description, List<Schema> schemas) {
    }

    /**
     * A schema with its first version: {@code definition} inline (a JSON value, or a string for Protobuf) or
     * {@code definitionFile}, a path relative to the world file.
     */
    public record Schema(String name, String dataFormat, String compatibility, JsonNode definition,
                         String definitionFile) {
    }

    /** An S3 table bucket with namespaces and existing tables. */
    public record TableBucket(String name, String region, List<Namespace> namespaces) {
    }

    public record Namespace(String name, List<String> tables) {
    }

    /** A general-purpose S3 bucket (DLQ, logs): recorded for the S3 front; {@code encryption} NONE|AES256|aws:kms. */
    public record Bucket(String name, String region, String encryption, String kmsKeyArn, Boolean logging) {
    }

    public record LogGroup(String name, Integer retentionInDays, String kmsKeyId, Map<String, String> tags) {
    }

    /** An IAM role: trust policy and inline identity policies (name to policy document). */
    public record Role(String name, String path, JsonNode trustPolicy, Map<String, JsonNode> inlinePolicies,
                       Map<String, String> tags) {
    }

    /** A Service Quotas entry (names and codes are data; MSK Data Delivery ones are UNCONFIRMED). */
    public record Quota(String serviceCode, String serviceName, String quotaCode, String quotaName, Double value,
                        Double defaultValue, String unit, Boolean adjustable, String description) {
    }

    /** Channel lifecycle timings; {@code overrides} apply per cluster/channel-name glob, first match wins. */
    public record Timings(String channelCreating, String channelUpdating, String channelDeleting,
                          List<TimingOverride> overrides) {
    }

    public record TimingOverride(String cluster, String channel, String creating, String updating, String deleting,
                                 Boolean stuckCreating, Failure fail) {
    }

    public record Failure(String code, String message) {
    }

    /** A fault rule (see FaultRule): {@code match} is "service:Operation" with {@code *} wildcards. */
    public record Fault(String match, Double throttleRate, Double serverErrorRate, String latency,
                        List<ScriptedFailure> scripted) {
    }

    public record ScriptedFailure(Integer fromCall, Integer times, Integer status, String code, String message) {
    }
}
