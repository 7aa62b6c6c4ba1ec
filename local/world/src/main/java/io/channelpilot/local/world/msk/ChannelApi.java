package io.channelpilot.local.world.msk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** CreateChannel, DescribeChannel, UpdateChannel, DeleteChannel, ListChannels (reference §1.1, §2). */
final class ChannelApi {

    static final int MAX_LIST = 100;

    private final MskState state;
    private final CreationChecks checks;
    private final MskCollaborators world;

    ChannelApi(MskState state, MskCollaborators world) {
        this.state = state;
        this.world = world;
        this.checks = new CreationChecks(world, state.settings);
    }

    ObjectNode create(String clusterArn, JsonNode body) {
        MskCluster cluster = state.cluster(clusterArn);
        if (!cluster.isExpress()) {
            // UNCONFIRMED: the exact message; the rule (Express brokers only) is documented (reference §10).
            throw MskErrors.badRequest("clusterArn", "Channels require an MSK Provisioned cluster with Express"
                    + " brokers; cluster " + cluster.name() + " is " + describeKind(cluster));
        }
        ChannelRequestParser parser = new ChannelRequestParser(state.settings,
                topicArn -> topicNameOf(cluster, topicArn), world.logGroups());
        ChannelRequestParser.Parsed parsed = parser.parse(body);
        ChannelSpec spec = parsed.spec();
        boolean duplicate = state.channelsOf(clusterArn).stream().anyMatch(c -> c.spec.name().equals(spec.name()));
        if (duplicate) {
            throw MskErrors.conflict("channelName", "A channel named " + spec.name() + " already exists in cluster "
                    + cluster.name());
        }
        ChannelTimings.Resolved timings = state.settings.timings().forChannel(cluster.name(), spec.name());
        Optional<StateInfo> failure = checks.failureOf(spec, timings);
        Instant now = state.now();
        Instant end = timings.stuckCreating() ? null : now.plus(timings.creating());
        ClusterOperation op = state.newOperation(cluster, "CREATE_CHANNEL", end, failure.orElse(null));
        String arn = cluster.channelArn(state.settings, spec.name(), state.ids.get().toString());
        Channel channel = new Channel(arn, clusterArn, cluster.name(), spec, parsed.echo(), now, timings, op, failure);
        if ("JSON".equals(spec.valueConverter()) && spec.gsrArn() != null) {
            world.schemas().latestDefinition(spec.gsrArn()).ifPresent(channel::captureSchema);
        }
        state.channels.put(arn, channel);
        return Json.object().put("channelArn", arn).put("clusterOperationArn", op.arn());
    }

    ObjectNode describe(String clusterArn, String channelArn) {
        Channel ch = state.channel(clusterArn, channelArn);
        ObjectNode out = Json.object();
        out.put("channelArn", ch.arn);
        out.put("channelName", ch.spec.name());
        out.put("status", ch.status().name());
        out.put("destinationType", ch.spec.destinationType().name());
        out.put("creationTime", CloudTrailEvents.iso(ch.creationTime));
        ch.echo.fields().forEachRemaining(e -> out.set(e.getKey(), e.getValue().deepCopy()));
        String destination = ch.spec.destinationType() == ChannelSpec.DestinationType.ICEBERG
                ? "icebergDestinationConfiguration" : "s3DestinationConfiguration";
        ((ObjectNode) out.path(destination)).put("dataFreshnessInSeconds", ch.freshness());
        ObjectNode tags = out.putObject("tags");
        ch.tags.forEach(tags::put);
        ch.stateInfo().ifPresent(si -> out.putObject("stateInfo").put("code", si.code()).put("message", si.message()));
        ch.operationInFlight().ifPresent(op -> out.put("clusterOperationArn", op.arn()));
        return out;
    }

    ObjectNode update(String clusterArn, String channelArn, JsonNode body) {
        Channel ch = state.channel(clusterArn, channelArn);
        if (ch.status() != ChannelStatus.ACTIVE) {
            // UNCONFIRMED: UpdateChannel declares no ConflictException, so a 400 is the closest declared error.
            throw MskErrors.badRequest("channelArn", "Channel " + ch.spec.name() + " is " + ch.status()
                    + "; only an ACTIVE channel can be updated");
        }
        boolean iceberg = body.hasNonNull("icebergDestinationUpdate");
        boolean s3 = body.hasNonNull("s3DestinationUpdate");
        if (iceberg == s3) {
            throw MskErrors.badRequest("destinationUpdate", "Exactly one of icebergDestinationUpdate and"
                    + " s3DestinationUpdate is required, found " + (iceberg ? "both" : "neither"));
        }
        boolean icebergChannel = ch.spec.destinationType() == ChannelSpec.DestinationType.ICEBERG;
        if (iceberg != icebergChannel) {
            throw MskErrors.badRequest(iceberg ? "icebergDestinationUpdate" : "s3DestinationUpdate",
                    "Channel " + ch.spec.name() + " has a " + ch.spec.destinationType()
                            + " destination; the destination type cannot change");
        }
        JsonNode update = body.path(iceberg ? "icebergDestinationUpdate" : "s3DestinationUpdate");
        if (!update.hasNonNull("dataFreshnessInSeconds")) {
            throw MskErrors.badRequest("dataFreshnessInSeconds", "dataFreshnessInSeconds is required");
        }
        int freshness = ChannelRequestParser.freshness(update);
        MskCluster cluster = state.cluster(clusterArn);
        ClusterOperation op = state.newOperation(cluster, "UPDATE_CHANNEL", state.now().plus(ch.timings.updating()),
                null);
        ch.startUpdate(state.now(), freshness, op);
        return Json.object().put("channelArn", ch.arn).put("clusterOperationArn", op.arn());
    }

    ObjectNode delete(String clusterArn, String channelArn) {
        Channel ch = state.channel(clusterArn, channelArn);
        if (ch.status() == ChannelStatus.DELETING) {
            // ASSUMPTION: a repeated DeleteChannel answers like the first one instead of failing.
            String opArn = ch.operationInFlight().map(ClusterOperation::arn).orElse(null);
            return Json.object().put("channelArn", ch.arn).put("clusterOperationArn", opArn);
        }
        MskCluster cluster = state.cluster(clusterArn);
        ClusterOperation op = state.newOperation(cluster, "DELETE_CHANNEL", state.now().plus(ch.deleting()), null);
        ch.startDelete(op);
        return Json.object().put("channelArn", ch.arn).put("clusterOperationArn", op.arn());
    }

    ObjectNode list(String clusterArn, Optional<String> maxResults, Optional<String> nextToken,
                    Optional<String> topicNameFilter) {
        state.cluster(clusterArn);
        List<Channel> matching = state.channelsOf(clusterArn).stream()
                .filter(c -> topicNameFilter.map(f -> topicMatches(c.spec.topicName(), f)).orElse(true))
                .toList();
        Paging.Page<Channel> page = Paging.page(matching, maxResults, nextToken, MAX_LIST, MAX_LIST);
        ObjectNode out = Json.object();
        ArrayNode channels = out.putArray("channels");
        for (Channel ch : page.items()) {
            ObjectNode info = channels.addObject();
            info.put("channelArn", ch.arn);
            info.put("channelName", ch.spec.name());
            info.put("status", ch.status().name());
            info.put("creationTime", CloudTrailEvents.iso(ch.creationTime));
            info.put("destinationType", ch.spec.destinationType().name());
            ch.operationInFlight().ifPresent(op -> info.put("clusterOperationArn", op.arn()));
        }
        page.nextToken().ifPresent(t -> out.put("nextToken", t));
        return out;
    }

    private boolean topicMatches(String topicName, String filter) {
        return state.settings.channelTopicFilterExact() ? topicName.equals(filter) : topicName.startsWith(filter);
    }

    private Optional<String> topicNameOf(MskCluster cluster, String topicArn) {
        String prefix = cluster.topicArn(state.settings, "");
        if (!topicArn.startsWith(prefix)) {
            return Optional.empty();
        }
        String name = topicArn.substring(prefix.length());
        return state.topics.current(cluster.arn(state.settings), name).map(TopicStore.Topic::name);
    }

    private static String describeKind(MskCluster cluster) {
        return "SERVERLESS".equals(cluster.clusterType()) ? "Serverless"
                : "Provisioned with Standard brokers (" + cluster.instanceType() + ")";
    }
}
