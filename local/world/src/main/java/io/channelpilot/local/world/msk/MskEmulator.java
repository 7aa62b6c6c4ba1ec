package io.channelpilot.local.world.msk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.EventSink;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Amazon MSK on the shared endpoint (REST-JSON, signing name {@code kafka}): clusters v2, topics, channels, tags and
 * cluster operations. All state sits behind one monitor; the channel lifecycle is computed from the virtual clock on
 * every read. Mutating calls publish CloudTrail-shaped events through the {@link EventSink}.
 */
public final class MskEmulator implements ServiceEmulator {

    private final MskState state;
    private final ClusterApi clusters;
    private final TopicApi topics;
    private final ChannelApi channels;
    private final TagApi tags;
    private final CloudTrailEvents events;
    private final EventSink sink;

    public MskEmulator(MskSettings settings, Clock clock, EventSink sink, MskCollaborators world,
                       TopicBackend backend, Supplier<UUID> ids) {
        this.state = new MskState(settings, clock, ids);
        this.clusters = new ClusterApi(state);
        this.topics = new TopicApi(state, backend);
        this.channels = new ChannelApi(state, world);
        this.tags = new TagApi(state);
        this.events = new CloudTrailEvents(settings, clock, ids);
        this.sink = sink;
    }

    @Override
    public String signingName() {
        return "kafka";
    }

    @Override
    public Protocol protocol() {
        return Protocol.REST_JSON;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(429, "TooManyRequestsException", "Too many requests");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "InternalServerErrorException", "Injected internal error");
    }

    @Override
    public String operationOf(AwsRequest request) {
        return MskRoute.of(request).operation();
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        MskRoute r = MskRoute.of(request);
        List<JsonNode> published = new ArrayList<>();
        AwsResponse response;
        synchronized (state) {
            response = answer(r, request, operation, published);
        }
        // Outside the lock: an event consumer (the workflow host) may call MSK back on another thread.
        published.forEach(sink::publish);
        return response;
    }

    private AwsResponse answer(MskRoute r, AwsRequest request, String operation, List<JsonNode> published) {
        return switch (operation) {
            case "ListClustersV2" -> ok(clusters.list(request.queryParam("clusterNameFilter"),
                    request.queryParam("clusterTypeFilter"), request.queryParam("maxResults"),
                    request.queryParam("nextToken")));
            case "DescribeClusterV2" -> ok(clusters.describe(r.clusterArn()));
            case "DescribeClusterOperation" -> ok(clusters.describeOperation(r.resourceArn(), false));
            case "DescribeClusterOperationV2" -> ok(clusters.describeOperation(r.resourceArn(), true));
            case "CreateTopic" -> mutated(published, operation, r, request,
                    topics.create(r.clusterArn(), body(request)));
            case "DescribeTopic" -> ok(topics.describe(r.clusterArn(), r.name()));
            case "ListTopics" -> ok(topics.list(r.clusterArn(), request.queryParam("maxResults"),
                    request.queryParam("nextToken"), request.queryParam("topicNameFilter")));
            case "UpdateTopic" -> mutated(published, operation, r, request,
                    topics.update(r.clusterArn(), r.name(), body(request)));
            case "DeleteTopic" -> mutated(published, operation, r, request, topics.delete(r.clusterArn(), r.name()));
            case "CreateChannel" -> mutated(published, operation, r, request,
                    channels.create(r.clusterArn(), body(request)));
            case "DescribeChannel" -> ok(channels.describe(r.clusterArn(), r.name()));
            case "ListChannels" -> ok(channels.list(r.clusterArn(), request.queryParam("maxResults"),
                    request.queryParam("nextToken"), request.queryParam("topicNameFilter")));
            case "UpdateChannel" -> mutated(published, operation, r, request,
                    channels.update(r.clusterArn(), r.name(), body(request)));
            case "DeleteChannel" -> mutated(published, operation, r, request,
                    channels.delete(r.clusterArn(), r.name()));
            case "ListTagsForResource" -> ok(TagApi.render(tags.resolve(r.resourceArn())));
            case "TagResource" -> tagResource(r, request, published);
            case "UntagResource" -> untagResource(r, request, published);
            default -> throw MskErrors.notFound("path", "Unknown operation " + operation);
        };
    }

    private AwsResponse tagResource(MskRoute r, AwsRequest request, List<JsonNode> published) {
        TagApi.Target target = tags.resolve(r.resourceArn());
        JsonNode body = body(request);
        List<String> changed = tags.tag(target, body);
        events.apiCall("TagResource", requestParameters(MskRoute.ofRaw(request), body), null)
                .ifPresent(published::add);
        if (!changed.isEmpty()) {
            events.tagChange(r.resourceArn(), target.resourceType(), changed, target.tags(),
                    state.nextTagVersion(r.resourceArn())).ifPresent(published::add);
        }
        return AwsResponse.empty(204);
    }

    private AwsResponse untagResource(MskRoute r, AwsRequest request, List<JsonNode> published) {
        TagApi.Target target = tags.resolve(r.resourceArn());
        List<String> keys = request.queryParams("tagKeys");
        List<String> removed = tags.untag(target, keys);
        ObjectNode params = requestParameters(MskRoute.ofRaw(request), Json.object());
        keys.forEach(params.withArray("tagKeys")::add);
        events.apiCall("UntagResource", params, null).ifPresent(published::add);
        if (!removed.isEmpty()) {
            events.tagChange(r.resourceArn(), target.resourceType(), removed, target.tags(),
                    state.nextTagVersion(r.resourceArn())).ifPresent(published::add);
        }
        return AwsResponse.empty(204);
    }

    private AwsResponse mutated(List<JsonNode> published, String operation, MskRoute r, AwsRequest request,
                                ObjectNode response) {
        events.apiCall(operation, requestParameters(MskRoute.ofRaw(request), body(request)), response.deepCopy())
                .ifPresent(published::add);
        return ok(response);
    }

    /** CloudTrail records REST path parameters (as sent, percent-encoded) next to the body members. */
    private static ObjectNode requestParameters(MskRoute r, JsonNode body) {
        ObjectNode params = Json.object();
        r.pathParameters().forEach(params::put);
        if (body.isObject()) {
            body.fields().forEachRemaining(e -> params.set(e.getKey(), e.getValue().deepCopy()));
        }
        return params;
    }

    private static JsonNode body(AwsRequest request) {
        return Json.parse(request.body());
    }

    private static AwsResponse ok(ObjectNode body) {
        return AwsResponse.json(200, body, Protocol.REST_JSON);
    }

    // ---- Java API for the world (seeding, delivery simulation, report) ----

    /** Adds a cluster of the world file; returns its ARN. */
    public String addCluster(MskCluster cluster, Map<String, String> clusterTags) {
        synchronized (state) {
            String arn = cluster.arn(state.settings);
            state.clusters.put(arn, cluster);
            state.tags.put(arn, new java.util.LinkedHashMap<>(clusterTags));
            return arn;
        }
    }

    /** Adds an existing topic (no event) and mirrors it to the topic backend. */
    public String seedTopic(String clusterArn, String name, int partitions, int replicationFactor,
                            Map<String, String> configs) {
        synchronized (state) {
            MskCluster cluster = state.cluster(clusterArn);
            topics.seed(cluster, name, partitions, replicationFactor, Map.copyOf(configs));
            return cluster.topicArn(state.settings, name);
        }
    }

    public Optional<MskCluster> clusterNamed(String name) {
        synchronized (state) {
            return state.clusterByName(name);
        }
    }

    public Optional<String> clusterArnOf(String name) {
        synchronized (state) {
            return state.clusterByName(name).map(c -> c.arn(state.settings));
        }
    }

    /** All channels (deleted ones excluded) at the current virtual time. */
    public List<ChannelView> channels() {
        synchronized (state) {
            state.advance();
            return state.channels.values().stream().map(Channel::view).toList();
        }
    }

    public Optional<ChannelView> channel(String channelArn) {
        synchronized (state) {
            state.advance();
            return Optional.ofNullable(state.channels.get(channelArn)).map(Channel::view);
        }
    }

    /** Called by the delivery simulation after a channel's first successful delivery. */
    public void markDelivered(String channelArn) {
        synchronized (state) {
            state.advance();
            Channel ch = state.channels.get(channelArn);
            if (ch != null) {
                ch.markDelivered();
            }
        }
    }

    /**
     * Called by the S3 Tables emulator when a table is deleted: every ACTIVE channel that had delivered into it becomes
     * SUSPENDED (reference §2). Returns the suspended channel ARNs.
     */
    public List<String> onTableDeleted(String tableBucketArn, String namespace, String table) {
        synchronized (state) {
            state.advance();
            StateInfo reason = new StateInfo(FailureCodes.DESTINATION_TABLE_DELETED, "Destination table " + namespace
                    + "." + table + " in " + tableBucketArn + " was deleted; create a new channel to resume delivery");
            return state.channels.values().stream()
                    .filter(ch -> tableBucketArn.equals(ch.spec.tableBucketArn())
                            && namespace.equals(ch.spec.namespace()) && table.equals(ch.spec.table()))
                    .filter(ch -> ch.suspendIfDelivered(reason))
                    .map(ch -> ch.arn).toList();
        }
    }

    public MskSettings settings() {
        return state.settings;
    }
}
