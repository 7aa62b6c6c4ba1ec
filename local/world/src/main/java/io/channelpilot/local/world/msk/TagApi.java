package io.channelpilot.local.world.msk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TagResource, UntagResource, ListTagsForResource on {@code /v1/tags/{resourceArn}} for cluster and channel ARNs
 * (reference §1.3, §8). Topic ARNs: UNCONFIRMED; the Service Authorization Reference lists no {@code topic} resource
 * for TagResource, so by default a topic ARN is refused with a 400 naming the unsupported resource type (the exact
 * AWS answer is unknown); {@link MskSettings#topicTaggingSupported()} turns topic tagging on.
 */
final class TagApi {

    /** The tags of one resource and its type for the tag-change event. */
    record Target(String resourceType, Map<String, String> tags) {
    }

    private final MskState state;

    TagApi(MskState state) {
        this.state = state;
    }

    Target resolve(String arn) {
        state.advance();
        Channel channel = state.channels.get(arn);
        if (channel != null) {
            return new Target("channel", channel.tags);
        }
        if (state.clusters.containsKey(arn)) {
            return new Target("cluster", state.tags.computeIfAbsent(arn, k -> new LinkedHashMap<>()));
        }
        String prefix = state.settings.arnPrefix() + "topic/";
        if (arn.startsWith(prefix)) {
            if (!state.settings.topicTaggingSupported()) {
                throw MskErrors.badRequest("resourceArn", "Tagging is not supported for resource type topic ("
                        + arn + "); tag the cluster instead");
            }
            for (MskCluster c : state.clusters.values()) {
                String topicPrefix = c.topicArn(state.settings, "");
                String topicName = arn.substring(Math.min(arn.length(), topicPrefix.length()));
                if (arn.startsWith(topicPrefix) && state.topics.current(c.arn(state.settings), topicName).isPresent()) {
                    return new Target("topic", state.tags.computeIfAbsent(arn, k -> new LinkedHashMap<>()));
                }
            }
        }
        throw MskErrors.notFound("resourceArn", "Resource " + arn + " does not exist");
    }

    /** Applies the tags; returns the keys whose value was added or changed. */
    List<String> tag(Target target, JsonNode body) {
        JsonNode tags = body.path("tags");
        if (!tags.isObject() || tags.isEmpty()) {
            throw MskErrors.badRequest("tags", "tags must contain at least one tag");
        }
        Map<String, String> merged = new LinkedHashMap<>(target.tags());
        List<String> changed = new ArrayList<>();
        tags.fields().forEachRemaining(e -> {
            String previous = merged.put(e.getKey(), e.getValue().asText());
            if (!e.getValue().asText().equals(previous)) {
                changed.add(e.getKey());
            }
        });
        TagRules.validate(merged);
        target.tags().clear();
        target.tags().putAll(merged);
        return changed;
    }

    /** Removes the keys; returns those that were present. */
    List<String> untag(Target target, List<String> keys) {
        if (keys.isEmpty()) {
            throw MskErrors.badRequest("tagKeys", "tagKeys must name at least one tag key");
        }
        List<String> removed = new ArrayList<>();
        for (String k : keys) {
            if (target.tags().remove(k) != null) {
                removed.add(k);
            }
        }
        return removed;
    }

    static ObjectNode render(Target target) {
        ObjectNode out = Json.object();
        ObjectNode tags = out.putObject("tags");
        target.tags().forEach(tags::put);
        return out;
    }
}
