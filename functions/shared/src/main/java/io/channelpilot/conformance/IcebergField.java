package io.channelpilot.conformance;

import java.util.Objects;

/**
 * One column (or nested struct field) of the Iceberg schema preview. {@code doc} is the property's JSON Schema
 * "description", or null when it has none (as Iceberg's {@code NestedField.doc()}).
 */
public record IcebergField(int id, String name, IcebergType type, boolean required, String doc) {

    public IcebergField {
        if (id < 1) {
            throw new IllegalArgumentException("field id must be positive: " + id);
        }
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /** Iceberg's {@code NestedField#toString} layout: {@code 3: ts: required timestamptz (doc)}. */
    public String render() {
        return id + ": " + name + ": " + (required ? "required " : "optional ") + type.render()
                + (doc != null ? " (" + doc + ")" : "");
    }
}
