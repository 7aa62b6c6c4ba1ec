package io.channelpilot.local.world.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORGenerator;
import io.channelpilot.local.world.http.AwsServiceError;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;

/**
 * CBOR for Smithy RPC v2: timestamps travel as tag 1 (epoch seconds, a double). Jackson's tree model has no tags, so
 * responses are written by walking the tree; an {@link Instant} wrapped by {@link #timestamp} becomes a tagged value.
 */
final class Cbor {

    private static final CBORFactory FACTORY = new CBORFactory();

    private Cbor() {
    }

    /**
     * The request body, gunzipped when the SDK compressed it: PutMetricData carries the requestCompression trait, so
     * SDK v2 sends {@code Content-Encoding: gzip} for payloads over its threshold (10 KiB by default).
     */
    static byte[] body(io.channelpilot.local.world.http.AwsRequest request) {
        boolean gzip = request.header("content-encoding").map(e -> e.toLowerCase(java.util.Locale.ROOT).contains("gzip"))
                .orElse(false);
        if (!gzip) {
            return request.body();
        }
        try (java.util.zip.GZIPInputStream in = new java.util.zip.GZIPInputStream(
                new java.io.ByteArrayInputStream(request.body()))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new AwsServiceError(400, "InvalidParameterValue", "Request body is not valid gzip");
        }
    }

    static POJONode timestamp(Instant instant) {
        return new POJONode(instant);
    }

    /** Reads an epoch-seconds timestamp (tag 1 is transparent to Jackson's tree). */
    static Instant instant(JsonNode node, String field) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (!node.isNumber()) {
            throw new AwsServiceError(400, "InvalidParameterValue", "The parameter " + field + " must be a timestamp.");
        }
        double seconds = node.doubleValue();
        long whole = (long) Math.floor(seconds);
        long nanos = Math.round((seconds - whole) * 1_000_000_000L);
        return Instant.ofEpochSecond(whole, nanos);
    }

    static byte[] write(JsonNode node) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CBORGenerator g = FACTORY.createGenerator(out)) {
            write(g, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void write(CBORGenerator g, JsonNode node) throws IOException {
        if (node instanceof POJONode pojo && pojo.getPojo() instanceof Instant instant) {
            g.writeTag(1);
            g.writeNumber(instant.getEpochSecond() + instant.getNano() / 1_000_000_000.0);
        } else if (node.isObject()) {
            g.writeStartObject();
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                g.writeFieldName(f.getKey());
                write(g, f.getValue());
            }
            g.writeEndObject();
        } else if (node.isArray()) {
            g.writeStartArray();
            for (JsonNode element : node) {
                write(g, element);
            }
            g.writeEndArray();
        } else if (node.isTextual()) {
            g.writeString(node.textValue());
        } else if (node.isBoolean()) {
            g.writeBoolean(node.booleanValue());
        } else if (node.isIntegralNumber()) {
            g.writeNumber(node.longValue());
        } else if (node.isNumber()) {
            g.writeNumber(node.doubleValue());
        } else {
            g.writeNull();
        }
    }
}
