package io.channelpilot.store;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Per-channel desired/observed state and conditions, the provisioning lease of each channel, and event claims that
 * make duplicate EventBridge deliveries collapse. Implementations: {@link DynamoDbStatusStore} (deployed and in the
 * local world) and {@link InMemoryStatusStore} (unit tests).
 */
public interface StatusStore {

    Optional<ChannelStatus> find(ChannelKey key);

    /** Every stored channel of one cluster, or of all clusters when {@code clusterArn} is null. */
    List<ChannelStatus> list(String clusterArn);

    /**
     * Read-modify-write under optimistic concurrency: applies {@code change} to the stored status (or a fresh one),
     * skips the write when nothing but timestamps would change, and retries on a concurrent write.
     */
    ChannelStatus update(ChannelKey key, String topic, UnaryOperator<ChannelStatus> change);

    void delete(ChannelKey key);

    /**
     * Takes the channel's provisioning lease for {@code owner} (e.g. an execution name) unless another owner holds
     * an unexpired one. Re-acquiring one's own lease succeeds and extends it.
     */
    boolean acquireLease(ChannelKey key, String owner, Duration ttl);

    /** Releases the lease if {@code owner} holds it; otherwise does nothing. */
    void releaseLease(ChannelKey key, String owner);

    /** Current lease holder, if any unexpired lease exists. */
    Optional<String> leaseHolder(ChannelKey key);

    /** Claims an event id once; later claims of the same id return false until the claim expires. */
    boolean claimEvent(String eventId, Duration ttl);
}
