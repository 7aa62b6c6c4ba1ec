package io.channelpilot.local.world.msk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Builds what AWS would put on the default event bus for a mutating MSK call (reference §8):
 * <ul>
 *   <li>{@code AWS API Call via CloudTrail}, {@code source: aws.kafka}, {@code detail.eventSource:
 *   kafka.amazonaws.com}. The envelope fields follow the EventBridge CloudTrail event reference. UNCONFIRMED: the MSK
 *   specific {@code requestParameters} layout; we record the camelCase body plus the path parameters
 *   ({@code clusterArn}, {@code topicName}, {@code channelArn}, {@code resourceArn}) the way CloudTrail records REST
 *   APIs, and the response body as {@code responseElements}.</li>
 *   <li>{@code Tag Change on Resource}, {@code source: aws.tag}. UNCONFIRMED: whether MSK emits it and the
 *   {@code service}/{@code resource-type} values; we use {@code kafka} and {@code cluster}/{@code channel}/{@code topic}.
 *   </li>
 * </ul>
 * Timestamps come from the virtual clock, truncated to seconds as CloudTrail writes them. Events are returned, not
 * published: the emulator publishes them after releasing its lock, so an event consumer may call MSK back.
 */
final class CloudTrailEvents {

    private final MskSettings settings;
    private final Clock clock;
    private final Supplier<UUID> ids;

    CloudTrailEvents(MskSettings settings, Clock clock, Supplier<UUID> ids) {
        this.settings = settings;
        this.clock = clock;
        this.ids = ids;
    }

    /** The CloudTrail event for a mutating call, or empty when event emission is switched off. */
    Optional<ObjectNode> apiCall(String eventName, ObjectNode requestParameters, JsonNode responseElements) {
        if (!settings.emitEvents()) {
            return Optional.empty();
        }
        String time = now();
        ObjectNode detail = Json.object();
        detail.put("eventVersion", "1.09");
        ObjectNode identity = detail.putObject("userIdentity");
        // ASSUMPTION: the local world has one caller; the STS emulator reports the same identity.
        identity.put("type", "AssumedRole");
        identity.put("principalId", "AROALOCALWORLD:channel-pilot");
        identity.put("arn", "arn:aws:sts::" + settings.account() + ":assumed-role/channel-pilot/channel-pilot");
        identity.put("accountId", settings.account());
        detail.put("eventTime", time);
        detail.put("eventSource", "kafka.amazonaws.com");
        detail.put("eventName", eventName);
        detail.put("awsRegion", settings.region());
        detail.put("sourceIPAddress", "127.0.0.1");
        detail.put("userAgent", "channel-pilot-local-world");
        detail.set("requestParameters", requestParameters);
        detail.set("responseElements", responseElements == null ? Json.MAPPER.nullNode() : responseElements);
        detail.put("requestID", ids.get().toString());
        detail.put("eventID", ids.get().toString());
        detail.put("readOnly", false);
        detail.put("eventType", "AwsApiCall");
        detail.put("managementEvent", true);
        detail.put("recipientAccountId", settings.account());
        detail.put("eventCategory", "Management");
        return Optional.of(envelope("AWS API Call via CloudTrail", "aws.kafka", time, Json.MAPPER.createArrayNode(),
                detail));
    }

    /** The tag-change event, or empty when event emission is switched off. */
    Optional<ObjectNode> tagChange(String resourceArn, String resourceType, Collection<String> changedKeys,
                                   Map<String, String> tags, int version) {
        if (!settings.emitEvents()) {
            return Optional.empty();
        }
        ObjectNode detail = Json.object();
        ArrayNode keys = detail.putArray("changed-tag-keys");
        changedKeys.forEach(keys::add);
        detail.put("service", "kafka");
        detail.put("resource-type", resourceType);
        detail.put("version", version);
        ObjectNode current = detail.putObject("tags");
        tags.forEach(current::put);
        ArrayNode resources = Json.MAPPER.createArrayNode().add(resourceArn);
        return Optional.of(envelope("Tag Change on Resource", "aws.tag", now(), resources, detail));
    }

    private ObjectNode envelope(String detailType, String source, String time, ArrayNode resources, ObjectNode detail) {
        ObjectNode e = Json.object();
        e.put("version", "0");
        e.put("id", ids.get().toString());
        e.put("detail-type", detailType);
        e.put("source", source);
        e.put("account", settings.account());
        e.put("time", time);
        e.put("region", settings.region());
        e.set("resources", resources);
        e.set("detail", detail);
        return e;
    }

    private String now() {
        return iso(clock.instant().truncatedTo(ChronoUnit.SECONDS));
    }

    static String iso(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant);
    }
}
