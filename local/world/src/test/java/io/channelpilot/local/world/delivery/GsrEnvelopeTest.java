package io.channelpilot.local.world.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class GsrEnvelopeTest {

    private static final UUID ID = UUID.fromString("0f0e0d0c-0b0a-0908-0706-050403020100");

    @Test
    void shouldRoundTripSchemaVersionIdAndPayloadWhenUncompressed() {
        byte[] json = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        GsrEnvelope e = GsrEnvelope.decode(GsrEnvelope.encode(ID, json)).orElseThrow();
        assertThat(e.schemaVersionId()).isEqualTo(ID);
        assertThat(e.payload()).isEqualTo(json);
    }

    @Test
    void shouldRejectValueWhenHeaderVersionOrCompressionIsUnknown() {
        byte[] value = GsrEnvelope.encode(ID, "{}".getBytes(StandardCharsets.UTF_8));
        value[0] = 2;
        assertThat(GsrEnvelope.decode(value)).isEmpty();
        value[0] = 3;
        value[1] = 9;
        assertThat(GsrEnvelope.decode(value)).isEmpty();
        assertThat(GsrEnvelope.decode("{\"plain\":true}".getBytes(StandardCharsets.UTF_8))).isEmpty();
    }

    @Test
    void shouldRejectCorruptZlibBody() {
        byte[] value = GsrEnvelope.encode(ID, "not zlib at all".getBytes(StandardCharsets.UTF_8));
        value[1] = GsrEnvelope.COMPRESSION_ZLIB;
        assertThat(GsrEnvelope.decode(value)).isEmpty();
    }
}
