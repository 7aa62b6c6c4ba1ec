package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The preview in the Iceberg table-metadata JSON form of a schema (Iceberg spec, appendix C "JSON serialization"), so
 * that a caller (the local world's comparison test) can build the table with Iceberg's {@code SchemaParser.fromJson}.
 * Primitive type strings are {@link IcebergType#render()}; Iceberg's parser reads {@code decimal(38,3)} with or
 * without a space.
 */
final class IcebergSchemaJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private IcebergSchemaJson() {
    }

    static String of(List<IcebergField> fields) {
        ObjectNode schema = NODES.objectNode();
        schema.put("type", "struct");
        schema.put("schema-id", 0);
        schema.set("fields", fields(fields));
        try {
            return MAPPER.writeValueAsString(schema);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a tree of plain nodes", e);
        }
    }

    private static JsonNode fields(List<IcebergField> fields) {
        var array = NODES.arrayNode();
        for (IcebergField field : fields) {
            ObjectNode node = array.addObject();
            node.put("id", field.id());
            node.put("name", field.name());
            node.put("required", field.required());
            node.set("type", type(field.type()));
            if (field.doc() != null) {
                node.put("doc", field.doc());
            }
        }
        return array;
    }

    private static JsonNode type(IcebergType type) {
        if (type instanceof IcebergType.StructType struct) {
            ObjectNode node = NODES.objectNode();
            node.put("type", "struct");
            node.set("fields", fields(struct.fields()));
            return node;
        } else if (type instanceof IcebergType.ListType list) {
            ObjectNode node = NODES.objectNode();
            node.put("type", "list");
            node.put("element-id", list.elementId());
            node.set("element", type(list.elementType()));
            node.put("element-required", list.elementRequired());
            return node;
        } else if (type instanceof IcebergType.MapType map) {
            ObjectNode node = NODES.objectNode();
            node.put("type", "map");
            node.put("key-id", map.keyId());
            node.put("key", map.keyType().render());
            node.put("value-id", map.valueId());
            node.set("value", type(map.valueType()));
            node.put("value-required", map.valueRequired());
            return node;
        }
        return NODES.textNode(type.render());
    }
}
