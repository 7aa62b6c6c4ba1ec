package io.channelpilot.local.world.file;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.glue.SchemaRegistry;
import io.channelpilot.local.world.http.FaultRule;
import io.channelpilot.local.world.iam.IamRole;
import io.channelpilot.local.world.msk.ChannelTimings;
import io.channelpilot.local.world.msk.MskCluster;
import io.channelpilot.local.world.msk.MskSettings;
import io.channelpilot.local.world.msk.StateInfo;
import io.channelpilot.local.world.msk.TimingRule;
import io.channelpilot.local.world.quotas.QuotaDefinition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Applies a validated world file to the emulators of {@link WorldServices}: clusters and topics, Glue registries and
 * schemas, table buckets with namespaces and tables, log groups, roles and quotas. Defaults for absent members are
 * applied here (and documented in docs/local-world.md).
 */
public final class WorldSeeder {

    static final String DEFAULT_EXPRESS_KAFKA = "3.8.x";
    static final String DEFAULT_STANDARD_KAFKA = "3.6.0";
    static final int DEFAULT_BROKERS = 3;
    static final int DEFAULT_REPLICATION = 3;

    private WorldSeeder() {
    }

    /** MSK switches and lifecycle timings from the world file (MskSettings defaults for absent members). */
    public static MskSettings mskSettings(WorldFile w) {
        MskSettings s = MskSettings.defaults(w.account(), w.region());
        if (w.emitEvents() != null) {
            s = s.withEmitEvents(w.emitEvents());
        }
        if (w.msk() != null) {
            WorldFile.Msk m = w.msk();
            if (m.topicTaggingSupported() != null) {
                s = s.withTopicTaggingSupported(m.topicTaggingSupported());
            }
            if (m.enforceChannelNamePattern() != null) {
                s = s.withEnforceChannelNamePattern(m.enforceChannelNamePattern());
            }
            if (m.topicPropagationDelay() != null) {
                s = s.withTopicPropagationDelay(Duration.parse(m.topicPropagationDelay()));
            }
            if (m.channelTopicFilter() != null) {
                s = s.withChannelTopicFilterExact("EXACT".equals(m.channelTopicFilter()));
            }
        }
        return w.timings() == null ? s : s.withTimings(timings(w.timings()));
    }

    static ChannelTimings timings(WorldFile.Timings t) {
        List<TimingRule> rules = new ArrayList<>();
        for (WorldFile.TimingOverride o : t.overrides() == null ? List.<WorldFile.TimingOverride>of() : t.overrides()) {
            rules.add(new TimingRule(o.cluster(), o.channel(), duration(o.creating()), duration(o.updating()),
                    duration(o.deleting()), Boolean.TRUE.equals(o.stuckCreating()),
                    o.fail() == null ? null : new StateInfo(o.fail().code(), o.fail().message())));
        }
        return new ChannelTimings(orDefault(t.channelCreating()), orDefault(t.channelUpdating()),
                orDefault(t.channelDeleting()), rules);
    }

    /** The world file's faults as rules for the endpoint's FaultInjector (the assembly adds them). */
    public static List<FaultRule> faultRules(WorldFile w) {
        List<FaultRule> out = new ArrayList<>();
        for (WorldFile.Fault f : w.faults()) {
            List<FaultRule.ScriptedFailure> scripted = new ArrayList<>();
            for (WorldFile.ScriptedFailure s : f.scripted() == null ? List.<WorldFile.ScriptedFailure>of()
                    : f.scripted()) {
                scripted.add(new FaultRule.ScriptedFailure(s.fromCall(), s.times() == null ? 1 : s.times(),
                        s.status(), s.code(), s.message()));
            }
            out.add(new FaultRule(f.match(), f.throttleRate() == null ? 0 : f.throttleRate(),
                    f.serverErrorRate() == null ? 0 : f.serverErrorRate(), duration(f.latency()), scripted));
        }
        return out;
    }

    static void seed(WorldFile w, WorldServices s, Supplier<UUID> ids) {
        for (WorldFile.Cluster c : w.clusters()) {
            cluster(c, s, ids);
        }
        for (WorldFile.Registry r : w.schemaRegistries()) {
            s.glue().registry().createRegistry(r.name(), r.description(), Map.of());
            for (WorldFile.Schema sc : r.schemas() == null ? List.<WorldFile.Schema>of() : r.schemas()) {
                s.glue().registry().createSchema(r.name(), sc.name(), sc.dataFormat(), sc.compatibility(), null,
                        Map.of(), definitionText(sc.definition()));
            }
        }
        for (WorldFile.TableBucket b : w.tableBuckets()) {
            String arn = s.tables().catalog().createTableBucket(b.name(), b.region() == null ? w.region() : b.region());
            for (WorldFile.Namespace ns : b.namespaces() == null ? List.<WorldFile.Namespace>of() : b.namespaces()) {
                s.tables().catalog().createNamespace(arn, ns.name());
                for (String t : ns.tables() == null ? List.<String>of() : ns.tables()) {
                    s.tables().catalog().createTable(arn, ns.name(), t, "ICEBERG", null);
                }
            }
        }
        for (WorldFile.LogGroup g : w.logGroups()) {
            s.logs().store().createLogGroup(g.name(), g.kmsKeyId(), g.tags() == null ? Map.of() : g.tags());
            if (g.retentionInDays() != null) {
                s.logs().store().putRetentionPolicy(g.name(), g.retentionInDays());
            }
        }
        for (WorldFile.Role r : w.roles()) {
            String roleId = "AROA" + ids.get().toString().replace("-", "").substring(0, 17).toUpperCase(Locale.ROOT);
            Map<String, JsonNode> policies = r.inlinePolicies() == null ? Map.of() : r.inlinePolicies();
            s.iam().roles().put(new IamRole(r.name(), r.path(), roleId, s.clock().instant(), r.trustPolicy(),
                    policies, r.tags()));
        }
        for (WorldFile.Quota q : w.quotas()) {
            s.quotas().add(new QuotaDefinition(q.serviceCode(), q.serviceName(), q.quotaCode(), q.quotaName(),
                    q.value(), q.defaultValue() == null ? q.value() : q.defaultValue(), q.unit(),
                    Boolean.TRUE.equals(q.adjustable()), q.description()));
        }
    }

    private static void cluster(WorldFile.Cluster c, WorldServices s, Supplier<UUID> ids) {
        String type = c.clusterType() == null ? "PROVISIONED" : c.clusterType();
        boolean serverless = "SERVERLESS".equals(type);
        boolean express = c.brokerType() != null && c.brokerType().startsWith("express.");
        String version = c.kafkaVersion() != null ? c.kafkaVersion()
                : express ? DEFAULT_EXPRESS_KAFKA : DEFAULT_STANDARD_KAFKA;
        String uuid = c.uuid() != null ? c.uuid() : ids.get() + "-" + (1 + Math.floorMod(c.name().hashCode(), 25));
        MskCluster cluster = new MskCluster(c.name(), uuid, type, c.brokerType(), version,
                serverless ? 0 : c.brokers() == null ? DEFAULT_BROKERS : c.brokers(), "ACTIVE", s.clock().instant());
        String arn = s.msk().addCluster(cluster, c.tags() == null ? Map.of() : c.tags());
        for (WorldFile.Topic t : c.topics() == null ? List.<WorldFile.Topic>of() : c.topics()) {
            Map<String, String> configs = new LinkedHashMap<>(t.configs() == null ? Map.of() : t.configs());
            if (t.retentionMs() != null) {
                configs.put("retention.ms", String.valueOf(t.retentionMs()));
            }
            s.msk().seedTopic(arn, t.name(), t.partitions(),
                    t.replicationFactor() == null ? DEFAULT_REPLICATION : t.replicationFactor(), configs);
        }
    }

    static String definitionText(JsonNode definition) {
        return definition.isTextual() ? definition.asText() : definition.toString();
    }

    private static Duration orDefault(String iso) {
        return iso == null ? ChannelTimings.DEFAULT : Duration.parse(iso);
    }

    private static Duration duration(String iso) {
        return iso == null ? null : Duration.parse(iso);
    }
}
