package io.channelpilot.local.world.s3;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Region, encryption and logging of every bucket; the proxy holds the objects. Thread-safe. */
final class BucketRegistry {

    private final Map<String, BucketSpec> buckets = new ConcurrentHashMap<>();
    /** The account every bucket of the world belongs to ("" = not set: expected-owner headers are not checked). */
    private volatile String owner = "";

    String owner() {
        return owner;
    }

    void owner(String account) {
        this.owner = account == null ? "" : account;
    }

    Optional<BucketSpec> find(String name) {
        return Optional.ofNullable(buckets.get(name));
    }

    void put(BucketSpec spec) {
        buckets.put(spec.name(), spec);
    }

    void remove(String name) {
        buckets.remove(name);
    }

    List<BucketSpec> all() {
        return buckets.values().stream().sorted(java.util.Comparator.comparing(BucketSpec::name)).toList();
    }
}
