package io.channelpilot.local.world.msk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CreateTopic, DescribeTopic, ListTopics, UpdateTopic, DeleteTopic (reference §1.3). The emulator's topic state is
 * authoritative; creations, updates and deletions are mirrored to the {@link TopicBackend}.
 * ASSUMPTION: {@code configs} is Base64 of a JSON object of Kafka topic configs (a Java-properties text is accepted
 * too); Describe returns Base64 of a JSON object.
 */
final class TopicApi {

    private static final Logger LOG = LoggerFactory.getLogger(TopicApi.class);
    /** Kafka's legal topic names. */
    private static final Pattern TOPIC_NAME = Pattern.compile("^[a-zA-Z0-9._-]{1,249}$");
    /** ASSUMPTION: the API reference states no bounds for ListTopics maxResults; we accept 1-1000, default 100. */
    private static final int MAX_LIST = 1000;
    private static final int DEFAULT_LIST = 100;

    private final MskState state;
    private final TopicBackend backend;

    TopicApi(MskState state, TopicBackend backend) {
        this.state = state;
        this.backend = backend;
    }

    ObjectNode create(String clusterArn, JsonNode body) {
        MskCluster cluster = state.cluster(clusterArn);
        String name = ChannelRequestParser.requiredText(body, "topicName");
        if (!TOPIC_NAME.matcher(name).matches() || name.equals(".") || name.equals("..")) {
            // Kafka's own rule: [a-zA-Z0-9._-]{1,249}, and neither "." nor ".."
            throw MskErrors.badRequest("topicName", "topicName must match " + TOPIC_NAME.pattern() + " and not be '.' or '..'");
        }
        int partitions = positive(body, "partitionCount");
        int replication = positive(body, "replicationFactor");
        Map<String, String> configs = decodeConfigs(body.path("configs"));
        if (state.topics.current(clusterArn, name).isPresent()) {
            throw new AwsServiceError(409, "TopicExistsException", "Topic " + name + " already exists",
                    Map.of("invalidParameter", "topicName"));
        }
        seed(cluster, name, partitions, replication, configs);
        return response(cluster, name, "CREATING");
    }

    /** Adds a topic without an API call (world seeding) and mirrors it to the backend. */
    void seed(MskCluster cluster, String name, int partitions, int replication, Map<String, String> configs) {
        state.topics.put(cluster.arn(state.settings),
                new TopicStore.Topic(name, true, partitions, replication, configs, state.now()));
        mirror(() -> backend.createTopic(cluster.name(), name, partitions, replication, configs));
    }

    ObjectNode describe(String clusterArn, String name) {
        MskCluster cluster = state.cluster(clusterArn);
        TopicStore.Topic t = state.topics.visible(clusterArn, name, state.now()).orElseThrow(() -> unknown(name));
        ObjectNode out = Json.object();
        out.put("topicArn", cluster.topicArn(state.settings, name));
        out.put("topicName", name);
        out.put("replicationFactor", t.replicationFactor());
        out.put("partitionCount", t.partitions());
        out.put("configs", encodeConfigs(t.configs()));
        out.put("status", "ACTIVE");
        return out;
    }

    ObjectNode list(String clusterArn, Optional<String> maxResults, Optional<String> nextToken,
                    Optional<String> topicNameFilter) {
        MskCluster cluster = state.cluster(clusterArn);
        // The API reference: topicNameFilter "returns topics starting with given name".
        List<TopicStore.Topic> all = state.topics.visibleTopics(clusterArn, state.now()).stream()
                .filter(t -> topicNameFilter.map(f -> t.name().startsWith(f)).orElse(true)).toList();
        Paging.Page<TopicStore.Topic> page = Paging.page(all, maxResults, nextToken, MAX_LIST, DEFAULT_LIST);
        ObjectNode out = Json.object();
        ArrayNode topics = out.putArray("topics");
        for (TopicStore.Topic t : page.items()) {
            topics.addObject().put("topicArn", cluster.topicArn(state.settings, t.name())).put("topicName", t.name())
                    .put("replicationFactor", t.replicationFactor()).put("partitionCount", t.partitions())
                    .put("outOfSyncReplicaCount", 0);
        }
        page.nextToken().ifPresent(token -> out.put("nextToken", token));
        return out;
    }

    ObjectNode update(String clusterArn, String name, JsonNode body) {
        MskCluster cluster = state.cluster(clusterArn);
        TopicStore.Topic t = state.topics.current(clusterArn, name).orElseThrow(() -> unknown(name));
        if (!body.hasNonNull("partitionCount") && !body.hasNonNull("configs")) {
            throw MskErrors.badRequest("partitionCount", "UpdateTopic needs partitionCount or configs");
        }
        int partitions = t.partitions();
        if (body.hasNonNull("partitionCount")) {
            partitions = positive(body, "partitionCount");
            if (partitions < t.partitions()) {
                throw MskErrors.badRequest("partitionCount", "Kafka can only increase partitions: topic " + name
                        + " has " + t.partitions() + ", requested " + partitions);
            }
        }
        Map<String, String> configs = new TreeMap<>(t.configs());
        configs.putAll(decodeConfigs(body.path("configs")));
        int finalPartitions = partitions;
        state.topics.put(clusterArn, new TopicStore.Topic(name, true, partitions, t.replicationFactor(),
                Map.copyOf(configs), state.now()));
        mirror(() -> backend.updateTopic(cluster.name(), name, finalPartitions, Map.copyOf(configs)));
        return response(cluster, name, "UPDATING");
    }

    ObjectNode delete(String clusterArn, String name) {
        MskCluster cluster = state.cluster(clusterArn);
        TopicStore.Topic t = state.topics.current(clusterArn, name).orElseThrow(() -> unknown(name));
        state.topics.put(clusterArn, new TopicStore.Topic(name, false, t.partitions(), t.replicationFactor(),
                t.configs(), state.now()));
        mirror(() -> backend.deleteTopic(cluster.name(), name));
        return response(cluster, name, "DELETING");
    }

    private ObjectNode response(MskCluster cluster, String name, String status) {
        return Json.object().put("topicArn", cluster.topicArn(state.settings, name)).put("topicName", name)
                .put("status", status);
    }

    /** UNCONFIRMED: which 404 AWS returns for an unknown topic; UnknownTopicOrPartitionException is the topic one. */
    private static AwsServiceError unknown(String name) {
        return new AwsServiceError(404, "UnknownTopicOrPartitionException", "Topic " + name + " does not exist",
                Map.of("invalidParameter", "topicName"));
    }

    private static int positive(JsonNode body, String field) {
        JsonNode v = body.path(field);
        if (!v.isIntegralNumber() || v.asInt() < 1) {
            throw MskErrors.badRequest(field, field + " is required and must be at least 1");
        }
        return v.asInt();
    }

    static Map<String, String> decodeConfigs(JsonNode configs) {
        if (configs.isMissingNode() || configs.isNull()) {
            return Map.of();
        }
        try {
            String text = new String(Base64.getDecoder().decode(configs.asText()), StandardCharsets.UTF_8).trim();
            Map<String, String> out = new LinkedHashMap<>();
            if (text.startsWith("{")) {
                Json.MAPPER.readTree(text).fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
            } else {
                Properties p = new Properties();
                p.load(new StringReader(text));
                p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
            }
            return out;
        } catch (IllegalArgumentException | IOException e) {
            throw MskErrors.badRequest("configs", "configs must be Base64-encoded topic configurations");
        }
    }

    static String encodeConfigs(Map<String, String> configs) {
        ObjectNode json = Json.object();
        new TreeMap<>(configs).forEach(json::put);
        return Base64.getEncoder().encodeToString(Json.bytes(json));
    }

    private static void mirror(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.warn("topic backend did not mirror the change: {}", e.toString());
        }
    }
}
