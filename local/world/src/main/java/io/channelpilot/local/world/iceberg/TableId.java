package io.channelpilot.local.world.iceberg;

import java.util.Objects;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * A streaming table: S3 table bucket name, namespace, table name. In the JDBC catalog the table bucket becomes the
 * first namespace level ({@code <bucket>.<namespace>.<table>}) so equal names in two table buckets never collide.
 */
public record TableId(String tableBucket, String namespace, String name) {

    public TableId {
        Objects.requireNonNull(tableBucket, "tableBucket");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
    }

    TableIdentifier identifier() {
        return TableIdentifier.of(Namespace.of(tableBucket, namespace), name);
    }

    @Override
    public String toString() {
        return tableBucket + "/" + namespace + "." + name;
    }
}
