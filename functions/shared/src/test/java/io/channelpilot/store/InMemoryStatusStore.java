package io.channelpilot.store;

import io.channelpilot.plan.TableClaim;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/** Thread-safe in-memory {@link StatusStore} with the same semantics as the DynamoDB one, for unit tests. */
public final class InMemoryStatusStore implements StatusStore {

    private record Lease(String owner, Instant expiresAt) {
    }

    private final Clock clock;
    private final Map<ChannelKey, ChannelStatus> statuses = new ConcurrentHashMap<>();
    private final Map<ChannelKey, Lease> leases = new ConcurrentHashMap<>();
    private final Map<String, Instant> claims = new ConcurrentHashMap<>();
    private final Map<String, Instant> failures = new ConcurrentHashMap<>();
    private final Map<String, Instant> notifications = new ConcurrentHashMap<>();
    private final Map<String, Map.Entry<String, Long>> rules = new ConcurrentHashMap<>();
    private final Map<String, TableClaim> tables = new ConcurrentHashMap<>();
    private final Map<String, RefusalCondition> refusals = new ConcurrentHashMap<>();

    public InMemoryStatusStore(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Optional<ChannelStatus> find(ChannelKey key) {
        return Optional.ofNullable(statuses.get(key));
    }

    @Override
    public List<ChannelStatus> list(String clusterArn) {
        List<ChannelStatus> out = new ArrayList<>();
        statuses.values().stream().filter(s -> clusterArn == null || s.key().clusterArn().equals(clusterArn))
                .forEach(out::add);
        out.sort(Comparator.comparing((ChannelStatus s) -> s.key().clusterArn()).thenComparing(s -> s.key().channelName()));
        return out;
    }

    @Override
    public synchronized ChannelStatus update(ChannelKey key, String topic, UnaryOperator<ChannelStatus> change) {
        Instant now = clock.instant();
        ChannelStatus current = statuses.getOrDefault(key, ChannelStatus.fresh(key, topic, now));
        ChannelStatus next = change.apply(current);
        if (current.version() > 0 && next.sameContentAs(current)) {
            return current;
        }
        ChannelStatus stored = ChannelStatus.withTransitionFrom(current, next, now, current.version() + 1)
                .stored(now, current.version() + 1);
        statuses.put(key, stored);
        return stored;
    }

    @Override
    public void delete(ChannelKey key) {
        statuses.remove(key);
    }

    @Override
    public synchronized boolean acquireLease(ChannelKey key, String owner, Duration ttl) {
        Instant now = clock.instant();
        Lease held = leases.get(key);
        if (held != null && !held.owner().equals(owner) && held.expiresAt().isAfter(now)) {
            return false;
        }
        leases.put(key, new Lease(owner, now.plus(ttl)));
        return true;
    }

    @Override
    public synchronized void releaseLease(ChannelKey key, String owner) {
        Lease held = leases.get(key);
        if (held != null && held.owner().equals(owner)) {
            leases.remove(key);
        }
    }

    @Override
    public Optional<String> leaseHolder(ChannelKey key) {
        Lease held = leases.get(key);
        return held != null && held.expiresAt().isAfter(clock.instant()) ? Optional.of(held.owner()) : Optional.empty();
    }

    @Override
    public synchronized boolean claimEvent(String eventId, Duration ttl) {
        return claim(claims, eventId, ttl);
    }

    @Override
    public synchronized int recordFailure(ChannelKey key, String fingerprint, String channelArn, Duration ttl) {
        Instant now = clock.instant();
        String prefix = key.clusterArn() + "|" + key.channelName() + "|" + fingerprint + "|";
        failures.putIfAbsent(prefix + channelArn, now.plus(ttl));
        return (int) failures.entrySet().stream().filter(e -> e.getKey().startsWith(prefix) && e.getValue().isAfter(now)).count();
    }

    @Override
    public synchronized boolean claimNotification(String dedupeKey, Duration ttl) {
        return claim(notifications, dedupeKey, ttl);
    }

    /** First caller wins until {@code ttl} has passed, as the DynamoDB store's conditional put. */
    private boolean claim(Map<String, Instant> claimed, String key, Duration ttl) {
        Instant now = clock.instant();
        Instant until = claimed.get(key);
        if (until != null && until.isAfter(now)) {
            return false;
        }
        claimed.put(key, now.plus(ttl));
        return true;
    }

    @Override
    public synchronized void releaseNotification(String dedupeKey) {
        notifications.remove(dedupeKey);
    }

    @Override
    public synchronized long recordRules(String clusterArn, String digest) {
        Map.Entry<String, Long> current = rules.get(clusterArn);
        if (current != null && current.getKey().equals(digest)) {
            return current.getValue();
        }
        long next = current == null ? 1 : current.getValue() + 1;
        rules.put(clusterArn, Map.entry(digest, next));
        return next;
    }

    @Override
    public long rulesGeneration(String clusterArn) {
        Map.Entry<String, Long> current = rules.get(clusterArn);
        return current == null ? 0 : current.getValue();
    }

    @Override
    public TableClaim claimTable(TableClaim claim) {
        return tables.compute(tableId(claim.tableBucketArn(), claim.namespace(), claim.table()),
                (k, held) -> held == null || held.sameOwner(claim) ? claim : held);
    }

    @Override
    public Optional<TableClaim> tableClaim(String tableBucketArn, String namespace, String table) {
        return Optional.ofNullable(tables.get(tableId(tableBucketArn, namespace, table)));
    }

    @Override
    public void releaseTable(TableClaim claim) {
        tables.computeIfPresent(tableId(claim.tableBucketArn(), claim.namespace(), claim.table()),
                (k, held) -> held.sameOwner(claim) ? null : held);
    }

    private static String tableId(String bucket, String namespace, String table) {
        return bucket + "/" + namespace + "." + table;
    }

    @Override
    public List<RefusalCondition> refusals(String clusterArn) {
        return refusals.values().stream().filter(r -> clusterArn == null || r.clusterArn().equals(clusterArn))
                .sorted(Comparator.comparing(RefusalCondition::clusterArn).thenComparing(RefusalCondition::subject)).toList();
    }

    @Override
    public void putRefusal(RefusalCondition condition) {
        refusals.put(condition.clusterArn() + "\n" + condition.subject(), condition);
    }
}
