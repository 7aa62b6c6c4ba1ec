package io.channelpilot.local.world.s3tables;

import io.channelpilot.local.world.http.AwsServiceError;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * S3 Tables state: table buckets, namespaces, tables. Thread-safe (synchronised). Table deletions are reported to
 * {@link DeletionListener}s (the MSK emulator suspends channels whose table disappeared).
 */
public final class TableCatalog {

    /** Notified after a table was deleted. */
    @FunctionalInterface
    public interface DeletionListener {
        void tableDeleted(String tableBucketArn, String namespace, String table);
    }

    /**
     * A table bucket's default encryption ({@code GetTableBucketEncryption}): {@code sseAlgorithm} AES256 or
     * aws:kms, {@code kmsKeyArn} null unless aws:kms.
     */
    public record Encryption(String sseAlgorithm, String kmsKeyArn) {
        /** What S3 Tables applies when none was set: SSE-S3 (S3 User Guide, "Protecting S3 table data with encryption"). */
        public static final Encryption SSE_S3 = new Encryption("AES256", null);
    }

    /** A table bucket. */
    record Bucket(String name, String arn, String id, Instant createdAt, Map<String, Instant> namespaces,
                  Map<String, String> namespaceIds, Map<String, TableView> tables) {
    }

    private final String account;
    private final String region;
    private final Clock clock;
    private final Supplier<UUID> ids;
    private final Map<String, Bucket> buckets = new TreeMap<>();
    private final Map<String, Encryption> encryption = new TreeMap<>();
    private final List<DeletionListener> listeners = new CopyOnWriteArrayList<>();

    public TableCatalog(String account, String region, Clock clock, Supplier<UUID> ids) {
        this.account = account;
        this.region = region;
        this.clock = clock;
        this.ids = ids;
    }

    public void addDeletionListener(DeletionListener listener) {
        listeners.add(listener);
    }

    public String account() {
        return account;
    }

    /** The ARN S3 Tables gives a table bucket: it names the bucket's own Region. */
    public static String bucketArn(String bucketRegion, String account, String name) {
        return "arn:aws:s3tables:" + bucketRegion + ":" + account + ":bucket/" + name;
    }

    /** Creates a table bucket in the world's region. */
    public synchronized String createTableBucket(String name) {
        return createTableBucket(name, region);
    }

    /** Creates a table bucket in {@code bucketRegion} (a world may hold buckets of other regions, for validation). */
    public synchronized String createTableBucket(String name, String bucketRegion) {
        TableNames.requireBucketName(name);
        String arn = bucketArn(bucketRegion, account, name);
        if (buckets.containsKey(arn)) {
            throw new AwsServiceError(409, "ConflictException",
                    "The table bucket " + name + " already exists");
        }
        String id = ids.get().toString();
        buckets.put(arn, new Bucket(name, arn, id, clock.instant(), new TreeMap<>(), new TreeMap<>(),
                new TreeMap<>()));
        return arn;
    }

    /** The bucket's default encryption (SSE-S3 unless set); 404 for an unknown bucket. */
    public synchronized Encryption encryption(String tableBucketArn) {
        bucket(tableBucketArn);
        return encryption.getOrDefault(tableBucketArn, Encryption.SSE_S3);
    }

    public synchronized void putEncryption(String tableBucketArn, Encryption e) {
        bucket(tableBucketArn);
        if (!"AES256".equals(e.sseAlgorithm()) && !"aws:kms".equals(e.sseAlgorithm())) {
            throw TableNames.badRequest("sseAlgorithm must be AES256 or aws:kms");
        }
        if ("aws:kms".equals(e.sseAlgorithm()) != (e.kmsKeyArn() != null)) {
            throw TableNames.badRequest("kmsKeyArn is required with aws:kms and only with it");
        }
        encryption.put(tableBucketArn, e);
    }

    public synchronized boolean bucketExists(String tableBucketArn) {
        return bucketByArn(tableBucketArn).isPresent();
    }

    synchronized Bucket bucket(String tableBucketArn) {
        return bucketByArn(tableBucketArn).orElseThrow(() -> notFound("The table bucket " + tableBucketArn
                + " does not exist"));
    }

    synchronized List<Bucket> buckets() {
        return List.copyOf(buckets.values());
    }

    /** How many namespaces exist across every table bucket (tests count what a run created). */
    public synchronized int namespaceCount() {
        return buckets.values().stream().mapToInt(b -> b.namespaces().size()).sum();
    }

    public synchronized void createNamespace(String tableBucketArn, String namespace) {
        Bucket b = bucket(tableBucketArn);
        TableNames.requireNamespace(namespace);
        if (b.namespaces().containsKey(namespace)) {
            throw new AwsServiceError(409, "ConflictException",
                    "The namespace " + namespace + " already exists");
        }
        b.namespaces().put(namespace, clock.instant());
        b.namespaceIds().put(namespace, ids.get().toString());
    }

    synchronized Instant namespaceCreated(Bucket b, String namespace) {
        Instant at = b.namespaces().get(namespace);
        if (at == null) {
            throw notFound("The namespace " + namespace + " does not exist in " + b.arn());
        }
        return at;
    }

    public synchronized TableView createTable(String tableBucketArn, String namespace, String name, String format,
                                              String managedByService) {
        Bucket b = bucket(tableBucketArn);
        namespaceCreated(b, namespace);
        TableNames.requireTableName(name);
        if (!"ICEBERG".equals(format)) {
            throw TableNames.badRequest("format must be ICEBERG, was " + format);
        }
        String key = namespace + "." + name;
        if (b.tables().containsKey(key)) {
            throw new AwsServiceError(409, "ConflictException",
                    "The table " + key + " already exists");
        }
        String tableId = ids.get().toString();
        TableView t = new TableView(b.arn(), namespace, name, b.arn() + "/table/" + tableId, tableId,
                "s3://" + tableId + "--table-s3", Optional.empty(), ids.get().toString(),
                Optional.ofNullable(managedByService), clock.instant());
        b.tables().put(key, t);
        return t;
    }

    /**
     * Creates the table a channel delivers into, on its first delivery (reference §2: MSK creates the table; it is
     * MSK-managed). Creates the namespace when missing. Returns the existing table if it is already there.
     * UNCONFIRMED: the {@code managedByService} value AWS shows for MSK tables; we use {@code kafka.amazonaws.com}.
     */
    public synchronized TableView createTableForChannel(String tableBucketArn, String namespace, String name) {
        Bucket b = bucket(tableBucketArn);
        if (!b.namespaces().containsKey(namespace)) {
            createNamespace(tableBucketArn, namespace);
        }
        TableView existing = b.tables().get(namespace + "." + name);
        return existing != null ? existing : createTable(tableBucketArn, namespace, name, "ICEBERG",
                "kafka.amazonaws.com");
    }

    public synchronized boolean namespaceExists(String tableBucketArn, String namespace) {
        return bucketByArn(tableBucketArn).map(b -> b.namespaces().containsKey(namespace)).orElse(false);
    }

    public synchronized Optional<TableView> table(String tableBucketArn, String namespace, String name) {
        return bucketByArn(tableBucketArn).map(b -> b.tables().get(namespace + "." + name));
    }

    public synchronized Optional<TableView> tableByArn(String tableArn) {
        return buckets.values().stream().flatMap(b -> b.tables().values().stream())
                .filter(t -> t.tableArn().equals(tableArn)).findFirst();
    }

    /** The table's warehouse location, for the delivery simulation. */
    public synchronized Optional<String> warehouseLocation(String tableBucketArn, String namespace, String name) {
        return table(tableBucketArn, namespace, name).map(TableView::warehouseLocation);
    }

    /** Records a new Iceberg metadata location (a commit) and rotates the version token. */
    public synchronized TableView updateMetadataLocation(String tableBucketArn, String namespace, String name,
                                                         String metadataLocation) {
        Bucket b = bucket(tableBucketArn);
        TableView t = Optional.ofNullable(b.tables().get(namespace + "." + name))
                .orElseThrow(() -> notFound("The table " + namespace + "." + name + " does not exist"));
        TableView updated = new TableView(t.tableBucketArn(), t.namespace(), t.name(), t.tableArn(), t.tableId(),
                t.warehouseLocation(), Optional.of(metadataLocation), ids.get().toString(), t.managedByService(),
                t.createdAt());
        b.tables().put(namespace + "." + name, updated);
        return updated;
    }

    public void deleteTable(String tableBucketArn, String namespace, String name, String versionToken) {
        synchronized (this) {
            Bucket b = bucket(tableBucketArn);
            namespaceCreated(b, namespace);
            TableView t = b.tables().get(namespace + "." + name);
            if (t == null) {
                throw notFound("The table " + namespace + "." + name + " does not exist");
            }
            if (versionToken != null && !versionToken.equals(t.versionToken())) {
                throw new AwsServiceError(409, "ConflictException",
                        "The provided version token does not match the table's current version token");
            }
            b.tables().remove(namespace + "." + name);
        }
        // Outside the lock: the listener takes the MSK emulator's lock.
        listeners.forEach(l -> l.tableDeleted(tableBucketArn, namespace, name));
    }

    public synchronized List<TableView> tables() {
        List<TableView> out = new ArrayList<>();
        buckets.values().forEach(b -> out.addAll(b.tables().values()));
        return out;
    }

    private Optional<Bucket> bucketByArn(String arn) {
        return arn == null ? Optional.empty() : Optional.ofNullable(buckets.get(arn));
    }

    static AwsServiceError notFound(String message) {
        return new AwsServiceError(404, "NotFoundException", message);
    }
}
