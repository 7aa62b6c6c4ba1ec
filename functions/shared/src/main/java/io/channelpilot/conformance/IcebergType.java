package io.channelpilot.conformance;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The Iceberg types a streaming table column can get from a JSON Schema (reference §4). {@link #render()} gives
 * Iceberg's type string: primitives as in the Iceberg spec ({@code decimal(38,3)}), nested types as Iceberg's Java
 * {@code Types.*#toString} writes them ({@code map<string, long>}, {@code list<string>},
 * {@code struct<5: street: optional string>}).
 */
public sealed interface IcebergType {

    StringType STRING = new StringType();
    TimestamptzType TIMESTAMPTZ = new TimestamptzType();
    DateType DATE = new DateType();
    TimeType TIME = new TimeType();
    UuidType UUID = new UuidType();
    BinaryType BINARY = new BinaryType();
    IntType INT = new IntType();
    LongType LONG = new LongType();
    DoubleType DOUBLE = new DoubleType();
    BooleanType BOOLEAN = new BooleanType();

    /** Precision of every decimal a channel creates: reference §4 maps {@code multipleOf} to decimal(38, scale). */
    int DECIMAL_PRECISION = 38;

    String render();

    /** JSON Schema type a record value must have for this column, e.g. "string" for timestamptz. */
    String jsonType();

    default boolean isPrimitive() {
        return !(this instanceof StructType || this instanceof ListType || this instanceof MapType);
    }

    static DecimalType decimal(int scale) {
        return new DecimalType(DECIMAL_PRECISION, scale);
    }

    record StringType() implements IcebergType {
        public String render() { return "string"; }
        public String jsonType() { return "string"; }
    }

    record TimestamptzType() implements IcebergType {
        public String render() { return "timestamptz"; }
        public String jsonType() { return "string"; }
    }

    record DateType() implements IcebergType {
        public String render() { return "date"; }
        public String jsonType() { return "string"; }
    }

    record TimeType() implements IcebergType {
        public String render() { return "time"; }
        public String jsonType() { return "string"; }
    }

    record UuidType() implements IcebergType {
        public String render() { return "uuid"; }
        public String jsonType() { return "string"; }
    }

    record BinaryType() implements IcebergType {
        public String render() { return "binary"; }
        public String jsonType() { return "string"; }
    }

    record IntType() implements IcebergType {
        public String render() { return "int"; }
        public String jsonType() { return "integer"; }
    }

    record LongType() implements IcebergType {
        public String render() { return "long"; }
        public String jsonType() { return "integer"; }
    }

    /** Iceberg caps precision at 38 and needs 0 ≤ scale ≤ precision (like Iceberg's {@code DecimalType.of}). */
    record DecimalType(int precision, int scale) implements IcebergType {
        public DecimalType {
            if (precision < 1 || precision > DECIMAL_PRECISION) {
                throw new IllegalArgumentException("decimal precision must be 1.." + DECIMAL_PRECISION + ": " + precision);
            }
            if (scale < 0 || scale > precision) {
                throw new IllegalArgumentException("decimal scale must be 0.." + precision + ": " + scale);
            }
        }
        public String render() { return "decimal(" + precision + "," + scale + ")"; }
        public String jsonType() { return "number"; }
    }

    record DoubleType() implements IcebergType {
        public String render() { return "double"; }
        public String jsonType() { return "number"; }
    }

    record BooleanType() implements IcebergType {
        public String render() { return "boolean"; }
        public String jsonType() { return "boolean"; }
    }

    record StructType(List<IcebergField> fields) implements IcebergType {
        public StructType {
            fields = List.copyOf(fields);
        }
        public String render() {
            return fields.stream().map(IcebergField::render).collect(Collectors.joining(", ", "struct<", ">"));
        }
        public String jsonType() { return "object"; }
    }

    /** {@code elementId} is the element's Iceberg field id; the element is required unless its schema allows null. */
    record ListType(int elementId, IcebergType elementType, boolean elementRequired) implements IcebergType {
        public ListType {
            Objects.requireNonNull(elementType, "elementType");
        }
        public String render() { return "list<" + elementType.render() + ">"; }
        public String jsonType() { return "array"; }
    }

    /** Keys are always required strings (JSON object keys); the value is required unless its schema allows null. */
    record MapType(int keyId, int valueId, IcebergType valueType, boolean valueRequired) implements IcebergType {
        public MapType {
            Objects.requireNonNull(valueType, "valueType");
        }
        public IcebergType keyType() { return STRING; }
        public String render() { return "map<string, " + valueType.render() + ">"; }
        public String jsonType() { return "object"; }
    }
}
