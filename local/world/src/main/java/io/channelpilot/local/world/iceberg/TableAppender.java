package io.channelpilot.local.world.iceberg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;

/**
 * Appends conformed rows to a table as one Iceberg commit: rows are grouped by partition ({@code hour(col)}), each
 * group becomes one Parquet data file written with the table's compression codec, and all files go into a single
 * append snapshot (one {@code CommitSuccess}).
 */
public final class TableAppender {

    /** What one commit wrote. */
    public record AppendResult(long rows, int files, long bytes, long snapshotId) {
    }

    private TableAppender() {
    }

    public static AppendResult append(Table table, List<Map<String, Object>> rows) {
        RowConverter converter = new RowConverter(table.schema());
        InternalRecordWrapper wrapper = new InternalRecordWrapper(table.schema().asStruct());
        PartitionKey probe = new PartitionKey(table.spec(), table.schema());
        Map<PartitionKey, List<Record>> groups = new LinkedHashMap<>();
        for (Map<String, Object> row : rows) {
            Record record = converter.toRecord(row);
            probe.partition(wrapper.wrap(record));
            groups.computeIfAbsent(probe.copy(), k -> new ArrayList<>()).add(record);
        }
        List<DataFile> files = new ArrayList<>();
        for (Map.Entry<PartitionKey, List<Record>> group : groups.entrySet()) {
            files.add(write(table, group.getKey(), group.getValue()));
        }
        AppendFiles append = table.newAppend();
        files.forEach(append::appendFile);
        append.commit();
        long bytes = files.stream().mapToLong(DataFile::fileSizeInBytes).sum();
        return new AppendResult(rows.size(), files.size(), bytes, table.currentSnapshot().snapshotId());
    }

    private static DataFile write(Table table, PartitionKey key, List<Record> records) {
        String location = table.locationProvider().newDataLocation(table.spec(), key, UUID.randomUUID() + ".parquet");
        OutputFile out = table.io().newOutputFile(location);
        try {
            DataWriter<Record> writer = Parquet.writeData(out).forTable(table).withPartition(key)
                    .createWriterFunc(GenericParquetWriter::create).overwrite().build();
            try (writer) {
                records.forEach(writer::write);
            }
            return writer.toDataFile();
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + location, e);
        }
    }
}
