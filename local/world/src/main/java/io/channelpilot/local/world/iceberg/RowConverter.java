package io.channelpilot.local.world.iceberg;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A conformed row (column name → value in Iceberg's generic representation, structs as maps) into an Iceberg
 * {@link GenericRecord}. Scalars already have the generic classes (OffsetDateTime, LocalDate, UUID, ByteBuffer,
 * BigDecimal, …); only structs, lists and maps need rebuilding.
 */
final class RowConverter {

    private final Schema schema;

    RowConverter(Schema schema) {
        this.schema = schema;
    }

    Record toRecord(Map<String, Object> row) {
        return struct(schema.asStruct(), row);
    }

    private static Record struct(Types.StructType type, Map<?, ?> values) {
        GenericRecord record = GenericRecord.create(type);
        for (Types.NestedField f : type.fields()) {
            record.setField(f.name(), value(f.type(), values.get(f.name())));
        }
        return record;
    }

    private static Object value(Type type, Object v) {
        if (v == null) {
            return null;
        }
        return switch (type.typeId()) {
            case STRUCT -> struct(type.asStructType(), (Map<?, ?>) v);
            case LIST -> {
                List<Object> out = new ArrayList<>();
                for (Object e : (List<?>) v) {
                    out.add(value(type.asListType().elementType(), e));
                }
                yield out;
            }
            case MAP -> {
                Map<Object, Object> out = new LinkedHashMap<>();
                ((Map<?, ?>) v).forEach((k, e) -> out.put(k, value(type.asMapType().valueType(), e)));
                yield out;
            }
            default -> v;
        };
    }
}
