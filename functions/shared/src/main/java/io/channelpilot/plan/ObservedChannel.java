package io.channelpilot.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.channelpilot.model.OwnershipTags;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A channel as read from MSK (ListChannels/DescribeChannel + its tags), reduced to what planning needs.
 *
 * <p>{@code topic}, {@code namespace} and {@code table} were added (from DescribeChannel's
 * {@code topicConfigurationList} and {@code destinationTableList}) so an unmanaged channel — which carries none of our
 * tags — can still be matched to the desired topic/table and reported as UNMANAGED instead of being duplicated.
 *
 * @param channelArn        ARN
 * @param channelName       name
 * @param status            service status string (kept raw: the service may add values)
 * @param freshnessSeconds  dataFreshnessInSeconds (0 when unknown)
 * @param tags              the channel's tags (ownership, fingerprint, owner, topic, table key)
 * @param topic             source topic name ("" when unknown)
 * @param namespace         destination namespace ("" when unknown)
 * @param table             destination (physical) table ("" when unknown)
 */
public record ObservedChannel(String channelArn, String channelName, String status, int freshnessSeconds,
                              Map<String, String> tags, String topic, String namespace, String table) {

    public ObservedChannel {
        Objects.requireNonNull(channelArn, "channelArn");
        Objects.requireNonNull(channelName, "channelName");
        status = status == null ? "" : status;
        tags = Map.copyOf(tags == null ? Map.of() : tags);
        topic = topic == null ? "" : topic;
        namespace = namespace == null ? "" : namespace;
        table = table == null ? "" : table;
    }

    /** The original shape (before topic/namespace/table were added). */
    public ObservedChannel(String channelArn, String channelName, String status, int freshnessSeconds,
                           Map<String, String> tags) {
        this(channelArn, channelName, status, freshnessSeconds, tags, "", "", "");
    }

    /** The topic from our tag, else from the channel's configuration. */
    public Optional<String> sourceTopic() {
        Optional<String> tagged = OwnershipTags.topic(tags);
        return tagged.isPresent() ? tagged : (topic.isEmpty() ? Optional.empty() : Optional.of(topic));
    }

    /** The logical table key from our tag, else {@code <namespace>.<table>} from the channel's configuration. */
    public Optional<String> tableKey() {
        Optional<String> tagged = OwnershipTags.tableKey(tags);
        if (tagged.isPresent()) {
            return tagged;
        }
        return namespace.isEmpty() || table.isEmpty() ? Optional.empty() : Optional.of(OwnershipTags.tableKey(namespace, table));
    }

    @JsonIgnore
    public boolean isActive() {
        return "ACTIVE".equals(status);
    }
}
