package io.channelpilot.local.world.iceberg;

import io.channelpilot.conformance.IcebergField;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.jdbc.JdbcCatalog;

/**
 * The world's streaming tables: real Iceberg v2 tables in a {@link JdbcCatalog} on an h2 file database, data and
 * metadata as local files through {@link LocalFileIO}. Any Iceberg engine pointed at the same catalog can read them.
 * Thread-safe (the catalog commits optimistically; the delivery simulation writes each table from one thread).
 */
public final class IcebergWarehouse implements AutoCloseable {

    private final JdbcCatalog catalog;
    private final Path dir;

    private IcebergWarehouse(JdbcCatalog catalog, Path dir) {
        this.catalog = catalog;
        this.dir = dir;
    }

    /** Opens (or creates) the catalog database and warehouse under {@code dir}. */
    public static IcebergWarehouse open(Path dir) {
        try {
            Files.createDirectories(dir.resolve("warehouse"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JdbcCatalog catalog = new JdbcCatalog();
        catalog.initialize("local_world", Map.of(
                CatalogProperties.URI, "jdbc:h2:" + dir.toAbsolutePath().resolve("catalog"),
                CatalogProperties.WAREHOUSE_LOCATION, dir.toAbsolutePath().resolve("warehouse").toString(),
                CatalogProperties.FILE_IO_IMPL, LocalFileIO.class.getName(),
                "jdbc.schema-version", "V1")); // V1: view support, no warning (stack.md P12)
        return new IcebergWarehouse(catalog, dir);
    }

    public Path directory() {
        return dir;
    }

    public boolean exists(TableId id) {
        return catalog.tableExists(id.identifier());
    }

    /**
     * Creates the table MSK would create on first delivery (reference §4): format-version 2, partition spec
     * {@code hour(<partitionColumn>)}, Parquet with the channel's compression codec ({@code zstd} or {@code snappy}).
     */
    public Table createTable(TableId id, List<IcebergField> fields, String partitionColumn, String parquetCodec) {
        return createTable(id, IcebergSchemas.toSchema(fields), partitionColumn, parquetCodec);
    }

    /** As {@link #createTable(TableId, List, String, String)}, from an Iceberg schema (the delivery simulation's own). */
    public Table createTable(TableId id, Schema schema, String partitionColumn, String parquetCodec) {
        PartitionSpec spec = PartitionSpec.builderFor(schema).hour(partitionColumn).build();
        Namespace ns = id.identifier().namespace();
        if (!catalog.namespaceExists(ns)) {
            catalog.createNamespace(ns);
        }
        return catalog.buildTable(id.identifier(), schema).withPartitionSpec(spec)
                .withProperty(TableProperties.FORMAT_VERSION, "2")
                .withProperty(TableProperties.PARQUET_COMPRESSION, parquetCodec)
                .create();
    }

    public Optional<Table> table(TableId id) {
        try {
            return Optional.of(catalog.loadTable(id.identifier()));
        } catch (NoSuchTableException e) {
            return Optional.empty();
        }
    }

    /** Drops the table and its files (S3 Tables DeleteTable). */
    public boolean dropTable(TableId id) {
        return catalog.dropTable(id.identifier(), true);
    }

    /** Every table, as {@code bucket/namespace.table}, in catalog order. */
    public List<TableId> tables() {
        List<TableId> out = new ArrayList<>();
        for (Namespace bucket : catalog.listNamespaces()) {
            for (Namespace ns : catalog.listNamespaces(bucket)) {
                for (TableIdentifier t : catalog.listTables(ns)) {
                    out.add(new TableId(ns.level(0), ns.level(1), t.name()));
                }
            }
        }
        return out;
    }

    /** Rows in the current snapshot (from its summary; 0 for a missing or empty table). */
    public long rowCount(TableId id) {
        return table(id).map(Table::currentSnapshot).map(Snapshot::summary)
                .map(s -> Long.parseLong(s.getOrDefault("total-records", "0"))).orElse(0L);
    }

    /** Reads every row back with Iceberg's generic reader (tests and the world report). */
    public List<Record> readRows(TableId id) {
        Table table = table(id).orElseThrow(() -> new NoSuchTableException("no table %s", id));
        List<Record> out = new ArrayList<>();
        try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
            rows.forEach(r -> out.add(r.copy()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    @Override
    public void close() {
        catalog.close();
    }
}
