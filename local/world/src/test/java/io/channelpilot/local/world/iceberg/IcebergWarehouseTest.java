package io.channelpilot.local.world.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.conformance.SchemaAnalysis;
import io.channelpilot.conformance.SchemaAnalyzer;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warehouse creates exactly the table the conformance analysis previews and reads rows back. */
class IcebergWarehouseTest {

    private static final String SCHEMA = """
            {"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
             "properties":{
               "id":{"type":"integer","minimum":0,"maximum":10},
               "ts":{"type":"string","format":"date-time"},
               "price":{"type":"number","multipleOf":0.01},
               "tags":{"type":"array","items":{"type":"string"}},
               "attrs":{"type":"object","additionalProperties":{"type":"integer","minimum":0,"maximum":10}},
               "address":{"type":"object","properties":{"city":{"type":"string"}}}
             },
             "required":["id","ts"]}""";

    @TempDir
    Path dir;

    @Test
    void shouldCreatePreviewedSchemaAndReadNestedRowsBackWhenRowsAreAppended() {
        // given
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(SCHEMA, "ts");
        assertThat(analysis.isUsable()).isTrue();
        TableId id = new TableId("tb", "ns", "t");
        try (IcebergWarehouse w = IcebergWarehouse.open(dir)) {
            Table table = w.createTable(id, analysis.fields(), "ts", "zstd");
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", 3);
            row.put("ts", OffsetDateTime.parse("2026-05-01T10:15:00Z"));
            row.put("price", new BigDecimal("9.99"));
            row.put("tags", List.of("a", "b"));
            row.put("attrs", Map.of("k", 1));
            row.put("address", new LinkedHashMap<>(Map.of("city", "Lyon")));
            // when
            TableAppender.AppendResult result = TableAppender.append(table, List.of(row));
            // then
            // Iceberg's Java toString writes "decimal(38, 2)", the preview the spec's "decimal(38,2)"
            assertThat(table.schema().toString().replaceAll("\\s+", " ").replace("decimal(38, ", "decimal(38,"))
                    .isEqualTo(analysis.renderPreview().replaceAll("\\s+", " "));
            assertThat(result.rows()).isEqualTo(1);
            assertThat(result.files()).isEqualTo(1);
            assertThat(w.rowCount(id)).isEqualTo(1);
            Record back = w.readRows(id).get(0);
            assertThat(back.getField("price")).isEqualTo(new BigDecimal("9.99"));
            assertThat(back.getField("tags")).isEqualTo(List.of("a", "b"));
            assertThat(((Record) back.getField("address")).getField("city")).isEqualTo("Lyon");
            assertThat(w.tables()).containsExactly(id);
            assertThat(w.table(id).orElseThrow().properties()).containsEntry("write.parquet.compression-codec", "zstd");
        }
    }

    @Test
    void shouldForgetTableWhenDropped() {
        TableId id = new TableId("tb", "ns", "gone");
        try (IcebergWarehouse w = IcebergWarehouse.open(dir)) {
            w.createTable(id, SchemaAnalyzer.analyze(SCHEMA, "ts").fields(), "ts", "snappy");
            assertThat(w.dropTable(id)).isTrue();
            assertThat(w.exists(id)).isFalse();
            assertThat(w.rowCount(id)).isZero();
            assertThatThrownBy(() -> w.readRows(id)).isInstanceOf(NoSuchTableException.class);
        }
    }
}
