package io.channelpilot.local.world.file;

import io.channelpilot.local.world.glue.GlueEmulator;
import io.channelpilot.local.world.glue.SchemaRegistry;
import io.channelpilot.local.world.http.BucketDirectory;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.EventSink;
import io.channelpilot.local.world.http.ServiceEmulator;
import io.channelpilot.local.world.iam.IamEmulator;
import io.channelpilot.local.world.iam.RoleDirectory;
import io.channelpilot.local.world.iam.StsEmulator;
import io.channelpilot.local.world.lakeformation.LakeFormationEmulator;
import io.channelpilot.local.world.lakeformation.PermissionStore;
import io.channelpilot.local.world.logs.LogStore;
import io.channelpilot.local.world.logs.LogsEmulator;
import io.channelpilot.local.world.msk.MskCollaborators;
import io.channelpilot.local.world.msk.MskEmulator;
import io.channelpilot.local.world.msk.TopicBackend;
import io.channelpilot.local.world.quotas.ServiceQuotasEmulator;
import io.channelpilot.local.world.s3tables.S3TablesEmulator;
import io.channelpilot.local.world.s3tables.TableCatalog;
import java.time.Clock;
import java.util.List;

/**
 * The emulators this package family owns (MSK, Glue, Logs, S3 Tables, Lake Formation, IAM, STS, Service Quotas),
 * built for one world file and wired to each other: MSK asks Logs, S3 Tables, Glue, IAM and the bucket directory when
 * validating and provisioning channels; S3 Tables tells MSK when a table is deleted. The LocalWorld assembly
 * registers {@link #emulators()} on its {@link EmulatorServer} and adds {@link WorldSeeder#faultRules}.
 */
public final class WorldServices {

    /** The principal MSK assumes the service execution role as (reference §9 trust policy). */
    static final String KAFKA_SERVICE = "kafka.amazonaws.com";

    private final Clock clock;
    private final MskEmulator msk;
    private final GlueEmulator glue;
    private final LogsEmulator logs;
    private final S3TablesEmulator tables;
    private final LakeFormationEmulator lakeFormation;
    private final IamEmulator iam;
    private final StsEmulator sts;
    private final ServiceQuotasEmulator quotas;

    private WorldServices(Clock clock, MskEmulator msk, GlueEmulator glue, LogsEmulator logs, S3TablesEmulator tables,
                          LakeFormationEmulator lakeFormation, IamEmulator iam, StsEmulator sts,
                          ServiceQuotasEmulator quotas) {
        this.clock = clock;
        this.msk = msk;
        this.glue = glue;
        this.logs = logs;
        this.tables = tables;
        this.lakeFormation = lakeFormation;
        this.iam = iam;
        this.sts = sts;
        this.quotas = quotas;
    }

    /**
     * Builds, wires and seeds the emulators for a validated world file.
     *
     * @param buckets the S3 front's bucket directory, or {@code new WorldBuckets(file.buckets())}
     * @param topics  where MSK topic changes are mirrored (embedded Kafka in the assembled world)
     */
    public static WorldServices create(WorldFile w, Clock clock, EventSink events, BucketDirectory buckets,
                                       TopicBackend topics) {
        long seed = w.seed() == null ? 0L : w.seed();
        String account = w.account();
        String region = w.region();
        LogStore logStore = new LogStore(account, region, clock);
        SchemaRegistry registry = new SchemaRegistry(account, region, clock, SeededIds.forService(seed, "glue"));
        TableCatalog catalog = new TableCatalog(account, region, clock, SeededIds.forService(seed, "s3tables"));
        RoleDirectory roles = new RoleDirectory(account);
        PermissionStore grants = new PermissionStore(account, (catalogId, database) ->
                databaseExists(catalog, account, region, catalogId, database));
        MskCollaborators collaborators = new MskCollaborators(logStore::exists, buckets, catalog::bucketExists,
                schemas(registry), roles(roles));
        MskEmulator msk = new MskEmulator(WorldSeeder.mskSettings(w), clock, events, collaborators, topics,
                SeededIds.forService(seed, "kafka"));
        catalog.addDeletionListener(msk::onTableDeleted);
        WorldServices services = new WorldServices(clock, msk, new GlueEmulator(registry), new LogsEmulator(logStore),
                new S3TablesEmulator(catalog), new LakeFormationEmulator(grants), new IamEmulator(roles),
                new StsEmulator(StsEmulator.CallerIdentity.defaultFor(account)),
                new ServiceQuotasEmulator(account, region));
        WorldSeeder.seed(w, services, SeededIds.forService(seed, "world"));
        return services;
    }

    /**
     * Lake Formation databases: for an S3 Tables catalog ({@code <account>:s3tablescatalog/<bucket>}) the database
     * is a namespace of that table bucket. ASSUMPTION: the local world has no Glue Data Catalog databases, so any
     * other catalog's databases are taken to exist.
     */
    static boolean databaseExists(TableCatalog catalog, String account, String region, String catalogId,
                                  String database) {
        String marker = ":s3tablescatalog/";
        int i = catalogId.indexOf(marker);
        if (i < 0) {
            return true;
        }
        String bucket = catalogId.substring(i + marker.length());
        return catalog.namespaceExists("arn:aws:s3tables:" + region + ":" + account + ":bucket/" + bucket, database);
    }

    private static MskCollaborators.Schemas schemas(SchemaRegistry registry) {
        return new MskCollaborators.Schemas() {
            @Override
            public java.util.Optional<String> jsonSchemaProblem(String gsrArn) {
                return registry.jsonSchemaProblem(gsrArn);
            }

            @Override
            public java.util.Optional<String> latestDefinition(String gsrArn) {
                return registry.latestDefinition(gsrArn);
            }
        };
    }

    private static MskCollaborators.Roles roles(RoleDirectory roles) {
        return new MskCollaborators.Roles() {
            @Override
            public boolean exists(String roleArn) {
                // A role MSK cannot assume (no kafka.amazonaws.com trust) is as unusable as a missing one.
                return roles.exists(roleArn) && roles.trusts(roleArn, KAFKA_SERVICE);
            }

            @Override
            public List<MskCollaborators.PermissionCheck> denied(String roleArn,
                                                                List<MskCollaborators.PermissionCheck> checks) {
                return checks.stream().filter(c -> !roles.simulate(roleArn, List.of(c.action()),
                        List.of(c.resource())).get(0).allowed()).toList();
            }
        };
    }

    public List<ServiceEmulator> emulators() {
        return List.of(msk, glue, logs, tables, lakeFormation, iam, sts, quotas);
    }

    public void registerAll(EmulatorServer server) {
        emulators().forEach(server::register);
    }

    public Clock clock() {
        return clock;
    }

    public MskEmulator msk() {
        return msk;
    }

    public GlueEmulator glue() {
        return glue;
    }

    public LogsEmulator logs() {
        return logs;
    }

    public S3TablesEmulator tables() {
        return tables;
    }

    public LakeFormationEmulator lakeFormation() {
        return lakeFormation;
    }

    public IamEmulator iam() {
        return iam;
    }

    public StsEmulator sts() {
        return sts;
    }

    public ServiceQuotasEmulator quotas() {
        return quotas;
    }
}
