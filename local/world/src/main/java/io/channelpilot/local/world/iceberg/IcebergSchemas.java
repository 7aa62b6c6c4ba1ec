package io.channelpilot.local.world.iceberg;

import io.channelpilot.conformance.IcebergField;
import io.channelpilot.conformance.IcebergType;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Turns the conformance module's table preview into a real Iceberg {@link Schema}, keeping its field ids so that the
 * table the world creates is exactly the one {@code SchemaAnalyzer} previewed. Exhaustive over the sealed type.
 */
final class IcebergSchemas {

    private IcebergSchemas() {
    }

    static Schema toSchema(List<IcebergField> fields) {
        return new Schema(fields.stream().map(IcebergSchemas::field).toList());
    }

    private static Types.NestedField field(IcebergField f) {
        return f.required() ? Types.NestedField.required(f.id(), f.name(), type(f.type()), f.doc())
                : Types.NestedField.optional(f.id(), f.name(), type(f.type()), f.doc());
    }

    /** Java 17 has no pattern switch: an instanceof chain, ending in an error if a new type is ever added. */
    static Type type(IcebergType t) {
        if (t instanceof IcebergType.DecimalType d) {
            return Types.DecimalType.of(d.precision(), d.scale());
        }
        if (t instanceof IcebergType.StructType s) {
            return Types.StructType.of(s.fields().stream().map(IcebergSchemas::field).toList());
        }
        if (t instanceof IcebergType.ListType l) {
            return l.elementRequired() ? Types.ListType.ofRequired(l.elementId(), type(l.elementType()))
                    : Types.ListType.ofOptional(l.elementId(), type(l.elementType()));
        }
        if (t instanceof IcebergType.MapType m) {
            return m.valueRequired()
                    ? Types.MapType.ofRequired(m.keyId(), m.valueId(), Types.StringType.get(), type(m.valueType()))
                    : Types.MapType.ofOptional(m.keyId(), m.valueId(), Types.StringType.get(), type(m.valueType()));
        }
        return switch (t.render()) {
            case "string" -> Types.StringType.get();
            case "timestamptz" -> Types.TimestampType.withZone();
            case "date" -> Types.DateType.get();
            case "time" -> Types.TimeType.get();
            case "uuid" -> Types.UUIDType.get();
            case "binary" -> Types.BinaryType.get();
            case "int" -> Types.IntegerType.get();
            case "long" -> Types.LongType.get();
            case "double" -> Types.DoubleType.get();
            case "boolean" -> Types.BooleanType.get();
            default -> throw new IllegalArgumentException("no Iceberg type for " + t.render());
        };
    }
}
