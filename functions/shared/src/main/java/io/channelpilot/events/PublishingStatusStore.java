package io.channelpilot.events;

import io.channelpilot.plan.TableClaim;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.RefusalCondition;
import io.channelpilot.store.StatusStore;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A {@link StatusStore} that publishes each pending channel transition it writes or reads
 * ({@link ChannelStateEvents}): poll-channel, provision-channel and the reconcile sweep use it, so every observed
 * status change becomes one event — right after the write, or, when that put failed, on the next update or sweep read
 * of the channel. Everything else is the delegate's.
 */
public final class PublishingStatusStore implements StatusStore {

    private final StatusStore delegate;
    private final ChannelStateEvents events;

    public PublishingStatusStore(StatusStore delegate, EventPublisher publisher) {
        this.delegate = delegate;
        this.events = new ChannelStateEvents(publisher, delegate);
    }

    @Override
    public ChannelStatus update(ChannelKey key, String topic, UnaryOperator<ChannelStatus> change) {
        ChannelStatus stored = delegate.update(key, topic, change);
        events.publishPending(stored);
        return stored;
    }

    @Override
    public List<ChannelStatus> list(String clusterArn) {
        List<ChannelStatus> all = delegate.list(clusterArn);
        all.forEach(events::publishPending);
        return all;
    }

    @Override
    public Optional<ChannelStatus> find(ChannelKey key) {
        return delegate.find(key);
    }

    @Override
    public void delete(ChannelKey key) {
        delegate.delete(key);
    }

    @Override
    public boolean acquireLease(ChannelKey key, String owner, Duration ttl) {
        return delegate.acquireLease(key, owner, ttl);
    }

    @Override
    public void releaseLease(ChannelKey key, String owner) {
        delegate.releaseLease(key, owner);
    }

    @Override
    public Optional<String> leaseHolder(ChannelKey key) {
        return delegate.leaseHolder(key);
    }

    @Override
    public boolean claimEvent(String eventId, Duration ttl) {
        return delegate.claimEvent(eventId, ttl);
    }

    @Override
    public int recordFailure(ChannelKey key, String fingerprint, String channelArn, Duration ttl) {
        return delegate.recordFailure(key, fingerprint, channelArn, ttl);
    }

    @Override
    public boolean claimNotification(String dedupeKey, Duration ttl) {
        return delegate.claimNotification(dedupeKey, ttl);
    }

    @Override
    public void releaseNotification(String dedupeKey) {
        delegate.releaseNotification(dedupeKey);
    }

    @Override
    public long recordRules(String clusterArn, String digest) {
        return delegate.recordRules(clusterArn, digest);
    }

    @Override
    public long rulesGeneration(String clusterArn) {
        return delegate.rulesGeneration(clusterArn);
    }

    @Override
    public List<RefusalCondition> refusals(String clusterArn) {
        return delegate.refusals(clusterArn);
    }

    @Override
    public void putRefusal(RefusalCondition condition) {
        delegate.putRefusal(condition);
    }

    @Override
    public TableClaim claimTable(TableClaim claim) {
        return delegate.claimTable(claim);
    }

    @Override
    public Optional<TableClaim> tableClaim(String tableBucketArn, String namespace, String table) {
        return delegate.tableClaim(tableBucketArn, namespace, table);
    }

    @Override
    public void releaseTable(TableClaim claim) {
        delegate.releaseTable(claim);
    }
}
