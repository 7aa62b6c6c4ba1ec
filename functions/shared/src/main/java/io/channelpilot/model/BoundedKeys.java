package io.channelpilot.model;

/**
 * Ids from outside (event ids, request ids, dedupe keys) inside storage keys: DynamoDB allows 2048 bytes for a
 * partition key and 1024 for a sort key (Developer Guide, "Constraints"), and an EventBridge envelope's {@code id} is
 * whatever the sender wrote. An id that is short and printable is kept as it is (readable keys); any other is replaced
 * by {@code sha256:<64 hex>} of its UTF-8 bytes, so equal ids still collide on the same key and every key fits.
 */
public final class BoundedKeys {

    /** Longest id kept verbatim (bytes): well under both key limits, with room for prefixes. */
    public static final int MAX_VERBATIM_BYTES = 512;

    private BoundedKeys() {
    }

    public static String of(String id) {
        if (id != null && SafeText.utf8Length(id) <= MAX_VERBATIM_BYTES && SafeText.isSafe(id) && !id.startsWith("sha256:")) {
            return id;
        }
        return "sha256:" + Hashing.sha256Hex(id == null ? "" : id);
    }
}
