package io.channelpilot.local.world.http;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;

/**
 * A request as the call log keeps it: {@code METHOD path?query}, then a newline and the body as text — CBOR bodies
 * (CloudWatch RPC v2) as JSON, S3 object bodies and other binary bodies as their size only (objects are listed in the
 * report's {@code dlq}). Bodies are capped so one large batch cannot swamp the report.
 */
final class RequestText {

    static final int MAX_BODY = 8192;

    private RequestText() {
    }

    static String of(AwsRequest r) {
        StringBuilder line = new StringBuilder(r.method()).append(' ').append(r.rawPath());
        StringBuilder q = new StringBuilder();
        r.query().forEach((k, vs) -> vs.forEach(v -> q.append(q.length() == 0 ? '?' : '&').append(k).append('=').append(v)));
        line.append(q);
        byte[] body = r.body();
        if (body.length == 0) {
            return line.toString();
        }
        return line.append('\n').append(body(r, body)).toString();
    }

    private static String body(AwsRequest r, byte[] body) {
        if (r.service().equals("s3") && (r.method().equals("PUT") || r.method().equals("POST"))
                && r.pathSegments().size() > 1) {
            return "<" + body.length + " bytes>";
        }
        String text;
        if (r.header("Content-Type").orElse("").contains("cbor")) {
            try {
                text = Json.MAPPER.writeValueAsString(Json.CBOR.readTree(body));
            } catch (java.io.IOException e) {
                return "<" + body.length + " bytes of CBOR>";
            }
        } else {
            try {
                text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(body)).toString();
            } catch (CharacterCodingException e) {
                return "<" + body.length + " bytes>";
            }
        }
        return text.length() <= MAX_BODY ? text : text.substring(0, MAX_BODY) + "...<" + text.length() + " chars>";
    }
}
