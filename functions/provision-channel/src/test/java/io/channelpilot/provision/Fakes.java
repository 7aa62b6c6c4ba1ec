package io.channelpilot.provision;

import io.channelpilot.gateway.AlarmGateway;
import io.channelpilot.gateway.ChannelGateway;
import io.channelpilot.gateway.GrantGateway;
import io.channelpilot.gateway.LogGroupGateway;
import io.channelpilot.gateway.NamespaceGateway;
import io.channelpilot.model.ChannelSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;

/** In-memory fakes of the write-side gateways sharing one call log, so tests can assert call order. */
final class Fakes {

    final List<String> calls = new ArrayList<>();
    final Channels channels = new Channels();
    final LogGroups logGroups = new LogGroups();
    final Alarms alarms = new Alarms();
    final Grants grants = new Grants();
    final Namespaces namespaces = new Namespaces();
    private final AtomicInteger ids = new AtomicInteger();

    static String channelArn(String cluster, String name, int id) {
        return cluster.replace(":cluster/", ":channel/") + "/" + name + "/c-" + id;
    }

    final class Channels implements ChannelGateway {
        final Map<String, ChannelDescription> byName = new LinkedHashMap<>();
        final List<Integer> freshnessUpdates = new ArrayList<>();
        /** When set, create answers NameTaken and this channel "appears" (a concurrent execution won). */
        ChannelDescription concurrentWinner;
        RuntimeException createFailure;

        @Override
        public Optional<ChannelDescription> describe(String clusterArn, String channelArn) {
            calls.add("describe");
            return byName.values().stream().filter(c -> c.channelArn().equals(channelArn)).findFirst();
        }

        @Override
        public Optional<ChannelDescription> findByName(String clusterArn, String topic, String channelName) {
            calls.add("findByName");
            return Optional.ofNullable(byName.get(channelName));
        }

        @Override
        public CreateOutcome create(ChannelSpec spec, Map<String, String> tags) {
            calls.add("createChannel");
            if (createFailure != null) {
                throw createFailure;
            }
            if (concurrentWinner != null) {
                byName.put(concurrentWinner.channelName(), concurrentWinner);
                return new CreateOutcome.NameTaken(spec.channelName());
            }
            if (!logGroups.existing.containsKey(spec.infrastructure().logGroup())) {
                throw new IllegalStateException("CreateChannel before the log group exists");
            }
            String arn = channelArn(spec.clusterArn(), spec.channelName(), ids.incrementAndGet());
            byName.put(spec.channelName(), new ChannelDescription(arn, spec.channelName(), "CREATING", spec.freshnessSeconds(),
                    tags, "", "", "op-" + ids.get()));
            return new CreateOutcome.Created(new ChannelOperation(arn, "op-" + ids.get()));
        }

        @Override
        public ChannelOperation updateFreshness(String clusterArn, String channelArn, int freshnessSeconds) {
            calls.add("updateChannel");
            freshnessUpdates.add(freshnessSeconds);
            return new ChannelOperation(channelArn, "op-update");
        }

        @Override
        public Optional<ChannelOperation> delete(String clusterArn, String channelArn) {
            calls.add("deleteChannel");
            Optional<ChannelDescription> found = byName.values().stream().filter(c -> c.channelArn().equals(channelArn)).findFirst();
            found.ifPresent(c -> byName.remove(c.channelName()));
            return found.map(c -> new ChannelOperation(channelArn, "op-delete"));
        }

        @Override
        public void untag(String channelArn, List<String> keys) {
            calls.add("untag");
            byName.replaceAll((name, c) -> {
                if (!c.channelArn().equals(channelArn)) {
                    return c;
                }
                Map<String, String> tags = new LinkedHashMap<>(c.tags());
                keys.forEach(tags::remove);
                return new ChannelDescription(c.channelArn(), c.channelName(), c.status(), c.freshnessSeconds(), tags,
                        c.stateCode(), c.stateMessage(), c.clusterOperationArn());
            });
        }

        ChannelDescription add(String name, String status, Map<String, String> tags) {
            ChannelDescription d = new ChannelDescription(channelArn(ProvisionFixtures.CLUSTER, name, ids.incrementAndGet()), name,
                    status, 600, tags, "", "", "");
            byName.put(name, d);
            return d;
        }
    }

    final class LogGroups implements LogGroupGateway {
        final Map<String, Integer> existing = new LinkedHashMap<>();
        final Map<String, String> keys = new LinkedHashMap<>();

        @Override
        public LogGroupState ensure(String name, int retentionDays, Optional<String> kmsKeyArn) {
            calls.add("ensureLogGroup");
            boolean created = !existing.containsKey(name);
            existing.put(name, retentionDays);
            if (created) {
                keys.put(name, kmsKeyArn.orElse(""));
            }
            return new LogGroupState(name, created, retentionDays, keys.get(name));
        }
    }

    final class Alarms implements AlarmGateway {
        final Map<String, AlarmSpec> byName = new LinkedHashMap<>();
        int puts;

        @Override
        public void put(AlarmSpec alarm) {
            calls.add("putAlarm");
            puts++;
            byName.put(alarm.name(), alarm);
        }

        @Override
        public void delete(List<String> names) {
            calls.add("deleteAlarms");
            names.forEach(byName::remove);
        }
    }

    final class Grants implements GrantGateway {
        /** principal|resource|permission triples that exist. */
        final Set<String> existing = new TreeSet<>();
        int grantCalls;

        @Override
        public GrantState ensure(NamespaceGrant grant) {
            calls.add("ensureGrant");
            List<String> added = new ArrayList<>();
            for (String permission : new TreeSet<>(grant.permissions())) {
                if (existing.add(grant.principal() + "|" + grant.resource() + "|" + permission)) {
                    added.add(permission);
                }
            }
            if (!added.isEmpty()) {
                grantCalls++;
            }
            return new GrantState(grant.principal(), grant.resource(), List.copyOf(new TreeSet<>(grant.permissions())), added);
        }
    }

    /** Namespaces that exist, as "bucketArn|namespace". */
    final class Namespaces implements NamespaceGateway {
        final Set<String> existing = new TreeSet<>();
        /** Thrown by ensure when set, as the SDK client would (the gateway lets SDK exceptions through). */
        RuntimeException failure;

        @Override
        public boolean ensure(String tableBucketArn, String namespace) {
            calls.add("ensureNamespace");
            if (failure != null) {
                throw failure;
            }
            return existing.add(tableBucketArn + "|" + namespace);
        }
    }
}
