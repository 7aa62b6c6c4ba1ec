package io.channelpilot.gateway;

import io.channelpilot.model.ChannelSpec;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The MSK channel operations provisioning and polling perform (reference §1.1). Implementations translate failures
 * with {@link AwsErrors}; "does not exist" is an empty answer, never an exception. {@link SdkChannelGateway} is the
 * real one; tests use in-memory fakes.
 */
public interface ChannelGateway {

    /** DescribeChannel; empty on NotFound (deleted, or not visible yet). */
    Optional<ChannelDescription> describe(String clusterArn, String channelArn);

    /**
     * Looks a channel up by name: ListChannels (every page, {@code topicNameFilter=topic}) then DescribeChannel of the
     * match, so the answer carries the tags (ListChannels' ChannelInfo has none).
     */
    Optional<ChannelDescription> findByName(String clusterArn, String topic, String channelName);

    /**
     * CreateChannel from {@code ChannelRequests} carrying exactly {@code tags} (the intent's ownership tags); a 409 is
     * {@link CreateOutcome.NameTaken}, not an exception.
     */
    CreateOutcome create(ChannelSpec spec, Map<String, String> tags);

    /** UpdateChannel with only {@code icebergDestinationUpdate.dataFreshnessInSeconds} (the one updatable field). */
    ChannelOperation updateFreshness(String clusterArn, String channelArn, int freshnessSeconds);

    /** DeleteChannel; empty when the channel is already gone (NotFound tolerated, as Terraform does). */
    Optional<ChannelOperation> delete(String clusterArn, String channelArn);

    /** UntagResource on the channel ARN; a channel that is already gone is not an error. */
    void untag(String channelArn, List<String> keys);

    /**
     * A channel as DescribeChannel returns it, reduced to what provisioning and polling need. {@code status} is kept
     * raw (the service may add values); {@code stateCode}/{@code stateMessage} are {@code stateInfo} ("" when absent).
     */
    record ChannelDescription(String channelArn, String channelName, String status, int freshnessSeconds,
                              Map<String, String> tags, String stateCode, String stateMessage,
                              String clusterOperationArn) {

        public ChannelDescription {
            Objects.requireNonNull(channelArn, "channelArn");
            Objects.requireNonNull(channelName, "channelName");
            status = status == null ? "" : status;
            tags = Map.copyOf(tags == null ? Map.of() : tags);
            stateCode = stateCode == null ? "" : stateCode;
            stateMessage = stateMessage == null ? "" : stateMessage;
            clusterOperationArn = clusterOperationArn == null ? "" : clusterOperationArn;
        }
    }

    /** Create/Update/Delete answer: the channel and, while in flight, the cluster operation to look up. */
    record ChannelOperation(String channelArn, String clusterOperationArn) {

        public ChannelOperation {
            Objects.requireNonNull(channelArn, "channelArn");
            clusterOperationArn = clusterOperationArn == null ? "" : clusterOperationArn;
        }
    }

    /** CreateChannel's outcome: created, or the name is already taken (HTTP 409 ConflictException). */
    sealed interface CreateOutcome permits CreateOutcome.Created, CreateOutcome.NameTaken {

        record Created(ChannelOperation operation) implements CreateOutcome {
        }

        record NameTaken(String channelName) implements CreateOutcome {
        }
    }
}
