package io.channelpilot.gateway;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.OwnershipTags;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.ChannelInfo;
import software.amazon.awssdk.services.kafka.model.CreateChannelResponse;
import software.amazon.awssdk.services.kafka.model.DeleteChannelResponse;
import software.amazon.awssdk.services.kafka.model.IcebergDestinationUpdate;
import software.amazon.awssdk.services.kafka.model.ListChannelsResponse;
import software.amazon.awssdk.services.kafka.model.UntagResourceRequest;
import software.amazon.awssdk.services.kafka.model.UpdateChannelResponse;

/**
 * {@link ChannelGateway} over the SDK v2 {@link KafkaClient} 2.50.2 (no paginator, no waiters: reference §1.0).
 * ConflictException (409) on create is a value; NotFound on describe/delete is empty; everything else goes through
 * {@link AwsErrors}.
 */
public final class SdkChannelGateway implements ChannelGateway {

    private static final String SERVICE = "kafka";
    /** "default maximum 100 results per API call" (reference §1.1). */
    private static final int PAGE_SIZE = 100;

    private final KafkaClient kafka;

    public SdkChannelGateway(KafkaClient kafka) {
        this.kafka = Objects.requireNonNull(kafka, "kafka");
    }

    @Override
    public Optional<ChannelDescription> describe(String clusterArn, String channelArn) {
        return AwsErrors.call(SERVICE, "DescribeChannel", "kafka:DescribeChannel", () -> {
            try {
                return Optional.of(MskChannels.description(kafka.describeChannel(r -> r.clusterArn(clusterArn).channelArn(channelArn))));
            } catch (SdkException e) {
                if (AwsErrors.isNotFound(e)) {
                    return Optional.<ChannelDescription>empty();
                }
                throw e;
            }
        });
    }

    @Override
    public Optional<ChannelDescription> findByName(String clusterArn, String topic, String channelName) {
        String token = null;
        do {
            String next = token;
            ListChannelsResponse page = AwsErrors.call(SERVICE, "ListChannels", "kafka:ListChannels",
                    () -> kafka.listChannels(r -> r.clusterArn(clusterArn).topicNameFilter(topic).maxResults(PAGE_SIZE)
                            .nextToken(next)));
            for (ChannelInfo info : page.channels()) {
                // topicNameFilter may match by prefix (UNCONFIRMED, reference §1.1): the name decides.
                if (channelName.equals(info.channelName())) {
                    return describe(clusterArn, info.channelArn());
                }
            }
            token = page.nextToken();
        } while (token != null && !token.isEmpty());
        return Optional.empty();
    }

    @Override
    public CreateOutcome create(ChannelSpec spec, Map<String, String> tags) {
        return AwsErrors.call(SERVICE, "CreateChannel", "kafka:CreateChannel (and iam:PassRole on the service role)", () -> {
            try {
                CreateChannelResponse response = kafka.createChannel(ChannelRequests.create(spec,
                        tags.getOrDefault(OwnershipTags.MANAGED_BY, "")).toBuilder().tags(tags).build());
                return new CreateOutcome.Created(new ChannelOperation(response.channelArn(), response.clusterOperationArn()));
            } catch (SdkException e) {
                if (AwsErrors.hasCode(e, "ConflictException")) {
                    return new CreateOutcome.NameTaken(spec.channelName());
                }
                throw e;
            }
        });
    }

    @Override
    public ChannelOperation updateFreshness(String clusterArn, String channelArn, int freshnessSeconds) {
        UpdateChannelResponse response = AwsErrors.call(SERVICE, "UpdateChannel", "kafka:UpdateChannel",
                () -> kafka.updateChannel(r -> r.clusterArn(clusterArn).channelArn(channelArn)
                        .icebergDestinationUpdate(IcebergDestinationUpdate.builder().dataFreshnessInSeconds(freshnessSeconds).build())));
        return new ChannelOperation(response.channelArn() == null ? channelArn : response.channelArn(), response.clusterOperationArn());
    }

    @Override
    public Optional<ChannelOperation> delete(String clusterArn, String channelArn) {
        return AwsErrors.call(SERVICE, "DeleteChannel", "kafka:DeleteChannel", () -> {
            try {
                DeleteChannelResponse response = kafka.deleteChannel(r -> r.clusterArn(clusterArn).channelArn(channelArn));
                return Optional.of(new ChannelOperation(response.channelArn() == null ? channelArn : response.channelArn(),
                        response.clusterOperationArn()));
            } catch (SdkException e) {
                if (AwsErrors.isNotFound(e)) {
                    return Optional.<ChannelOperation>empty();
                }
                throw e;
            }
        });
    }

    @Override
    public void untag(String channelArn, List<String> keys) {
        AwsErrors.run(SERVICE, "UntagResource", "kafka:UntagResource on the channel", () -> {
            try {
                kafka.untagResource(UntagResourceRequest.builder().resourceArn(channelArn).tagKeys(keys).build());
            } catch (SdkException e) {
                if (!AwsErrors.isNotFound(e)) {
                    throw e;
                }
            }
        });
    }
}
