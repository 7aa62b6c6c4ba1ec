package io.channelpilot.store;

import io.channelpilot.plan.TableClaim;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import io.channelpilot.gateway.DynamoDbStatusStore;

/**
 * Per-channel desired/observed state and conditions, the provisioning lease of each channel, and event claims that
 * make duplicate EventBridge deliveries collapse. Implementations: {@link DynamoDbStatusStore} (deployed and in the
 * local world) and {@code InMemoryStatusStore} (unit tests, test-jar).
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

    /**
     * Records that the channel instance {@code channelArn} (name {@code key}, fingerprint {@code fingerprint}) ended
     * FAILED, once per ARN (idempotent: duplicate events and repeated sweeps record nothing new), and returns how many
     * distinct instances of that name and fingerprint failed within {@code ttl}. Bounds recreating a FAILED channel
     * ({@link io.channelpilot.plan.FailureHistory}).
     */
    int recordFailure(ChannelKey key, String fingerprint, String channelArn, Duration ttl);

    /**
     * Claims a notification once per {@code dedupeKey} until {@code ttl} passes: true for the first caller, false for
     * every other (also a concurrent one) — a conditional write. Collapses the notifications of one tag change that
     * arrives twice (CloudTrail TagResource and aws.tag), see {@code io.channelpilot.notification.NotificationDedupe}.
     */
    boolean claimNotification(String dedupeKey, Duration ttl);

    /** Drops a notification claim (its publish failed), so a retry or the duplicate can still send it. */
    void releaseNotification(String dedupeKey);

    /**
     * Records the digest of a cluster's Channel Pilot rule tags as resolve-intents just re-read them and returns the
     * cluster's rules generation, bumped only when the digest differs from the recorded one. A change and its revert
     * (A → B → A) are therefore three generations although A's digest repeats; duplicate deliveries of one change and
     * sweeps that find the same tags are one.
     */
    long recordRules(String clusterArn, String digest);

    /** The cluster's rules generation (0 when never recorded). */
    long rulesGeneration(String clusterArn);

    /**
     * Claims {@code claim}'s table for its owner with a conditional write: succeeds when the table is unclaimed or
     * already claimed by the same owner ({@link TableClaim#sameOwner}). Returns the claim that holds the table now —
     * {@code claim} itself, or another owner's, in which case nothing was written.
     */
    TableClaim claimTable(TableClaim claim);

    /** Who holds the table, if anyone. */
    Optional<TableClaim> tableClaim(String tableBucketArn, String namespace, String table);

    /** Releases the table if {@code claim}'s owner holds it; otherwise does nothing. */
    void releaseTable(TableClaim claim);

    /**
     * The refusal conditions of one cluster, or of every cluster and of rejected triggers when {@code clusterArn} is
     * null, sorted by cluster, then subject. Conditions past {@link RefusalCondition#expiresAt()} are removed by the
     * table's TTL (DynamoDB deletes within days, not at the second), so one may still be listed, with its expiry.
     */
    List<RefusalCondition> refusals(String clusterArn);

    /** Writes (replaces) one refusal condition; {@code expiresAt} becomes the table's TTL attribute when set. */
    void putRefusal(RefusalCondition condition);
}
