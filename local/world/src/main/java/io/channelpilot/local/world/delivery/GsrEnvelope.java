package io.channelpilot.local.world.delivery;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The AWS Glue Schema Registry wire envelope a GSR serializer puts around each record value: byte 0 header version
 * ({@code 3}), byte 1 compression ({@code 0} none, {@code 5} zlib), bytes 2–17 the schema version id (UUID, most
 * significant half first), then the (possibly zlib-compressed) JSON document.
 */
record GsrEnvelope(UUID schemaVersionId, byte[] payload) {

    static final byte HEADER_VERSION = 3;
    static final byte COMPRESSION_NONE = 0;
    static final byte COMPRESSION_ZLIB = 5;
    private static final int HEADER_LENGTH = 18;

    /** Empty when the value was not written by a GSR serializer (or its zlib body is corrupt). */
    static Optional<GsrEnvelope> decode(byte[] value) {
        if (value == null || value.length < HEADER_LENGTH || value[0] != HEADER_VERSION) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(value, 2, 16);
        UUID id = new UUID(b.getLong(), b.getLong());
        byte[] body = Arrays.copyOfRange(value, HEADER_LENGTH, value.length);
        return switch (value[1]) {
            case COMPRESSION_NONE -> Optional.of(new GsrEnvelope(id, body));
            case COMPRESSION_ZLIB -> inflate(body).map(p -> new GsrEnvelope(id, p));
            default -> Optional.empty();
        };
    }

    /** Builds an uncompressed envelope (tests, and world files that produce GSR records). */
    static byte[] encode(UUID schemaVersionId, byte[] json) {
        ByteBuffer b = ByteBuffer.allocate(HEADER_LENGTH + json.length);
        b.put(HEADER_VERSION).put(COMPRESSION_NONE)
                .putLong(schemaVersionId.getMostSignificantBits()).putLong(schemaVersionId.getLeastSignificantBits())
                .put(json);
        return b.array();
    }

    private static Optional<byte[]> inflate(byte[] body) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(body);
            ByteArrayOutputStream out = new ByteArrayOutputStream(body.length * 4);
            byte[] chunk = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(chunk);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    return Optional.empty();
                }
                out.write(chunk, 0, n);
            }
            return Optional.of(out.toByteArray());
        } catch (DataFormatException e) {
            return Optional.empty();
        } finally {
            inflater.end();
        }
    }
}
