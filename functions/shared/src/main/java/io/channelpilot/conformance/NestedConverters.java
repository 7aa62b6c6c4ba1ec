package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Struct, list and map converters, and the compiler that builds the converter tree from Iceberg types. */
final class NestedConverters {

    private NestedConverters() {
    }

    static ValueConverter compile(IcebergType type, SchemaDraft draft) {
        if (type instanceof IcebergType.StructType struct) {
            return struct(struct.fields(), draft);
        } else if (type instanceof IcebergType.ListType list) {
            return new ListConverter(ValueConverter.expectedFor(type), compile(list.elementType(), draft),
                    list.elementRequired());
        } else if (type instanceof IcebergType.MapType map) {
            return new MapConverter(ValueConverter.expectedFor(type), compile(map.valueType(), draft),
                    map.valueRequired());
        }
        return ScalarConverters.forPrimitive(type, draft);
    }

    static StructConverter struct(List<IcebergField> fields, SchemaDraft draft) {
        int n = fields.size();
        String[] names = new String[n];
        String[] segments = new String[n];
        ValueConverter[] converters = new ValueConverter[n];
        boolean[] required = new boolean[n];
        for (int i = 0; i < n; i++) {
            IcebergField field = fields.get(i);
            names[i] = field.name();
            segments[i] = JsonPointers.escape(field.name());
            converters[i] = compile(field.type(), draft);
            required[i] = field.required();
        }
        return new StructConverter(names, segments, converters, required);
    }

    /**
     * Reference §4: fields not in the schema are dropped, a missing optional field becomes null, a missing required
     * field rejects the record. An explicit JSON null counts as missing (a required column is non-nullable).
     */
    static final class StructConverter extends ValueConverter {
        private final String[] names;
        private final String[] segments;
        private final ValueConverter[] converters;
        private final boolean[] required;
        private final int capacity;

        StructConverter(String[] names, String[] segments, ValueConverter[] converters, boolean[] required) {
            super("object (struct)");
            this.names = names;
            this.segments = segments;
            this.converters = converters;
            this.required = required;
            this.capacity = (int) (names.length / 0.75f) + 1;
        }

        Object convert(JsonNode node) {
            if (!node.isObject()) {
                throw mismatch(node);
            }
            return row(node);
        }

        Map<String, Object> row(JsonNode object) {
            Map<String, Object> row = new LinkedHashMap<>(capacity);
            for (int i = 0; i < names.length; i++) {
                JsonNode value = object.get(names[i]);
                if (value == null || value.isNull()) {
                    if (required[i]) {
                        throw new Rejection(ConformanceCode.MISSING_REQUIRED_FIELD, converters[i].expected,
                                value == null ? "missing" : "null", null).at(segments[i]);
                    }
                    row.put(names[i], null);
                    continue;
                }
                try {
                    row.put(names[i], converters[i].convert(value));
                } catch (Rejection rejection) {
                    throw rejection.at(segments[i]);
                }
            }
            return row;
        }
    }

    static final class ListConverter extends ValueConverter {
        private final ValueConverter element;
        private final boolean elementRequired;

        ListConverter(String expected, ValueConverter element, boolean elementRequired) {
            super(expected);
            this.element = element;
            this.elementRequired = elementRequired;
        }

        Object convert(JsonNode node) {
            if (!node.isArray()) {
                throw mismatch(node);
            }
            int size = node.size();
            List<Object> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                JsonNode value = node.get(i);
                if (value.isNull()) {
                    if (elementRequired) {
                        throw element.mismatch(value).at(Integer.toString(i));
                    }
                    list.add(null);
                    continue;
                }
                try {
                    list.add(element.convert(value));
                } catch (Rejection rejection) {
                    throw rejection.at(Integer.toString(i));
                }
            }
            return list;
        }
    }

    /** map&lt;string, V&gt; from an object with an additionalProperties schema; keys keep the record's order. */
    static final class MapConverter extends ValueConverter {
        private final ValueConverter value;
        private final boolean valueRequired;

        MapConverter(String expected, ValueConverter value, boolean valueRequired) {
            super(expected);
            this.value = value;
            this.valueRequired = valueRequired;
        }

        Object convert(JsonNode node) {
            if (!node.isObject()) {
                throw mismatch(node);
            }
            Map<String, Object> map = new LinkedHashMap<>((int) (node.size() / 0.75f) + 1);
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                JsonNode v = entry.getValue();
                if (v.isNull()) {
                    if (valueRequired) {
                        throw value.mismatch(v).at(JsonPointers.escape(entry.getKey()));
                    }
                    map.put(entry.getKey(), null);
                    continue;
                }
                try {
                    map.put(entry.getKey(), value.convert(v));
                } catch (Rejection rejection) {
                    throw rejection.at(JsonPointers.escape(entry.getKey()));
                }
            }
            return map;
        }
    }
}
