package io.channelpilot.local.world.s3;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Decodes an {@code aws-chunked} request body (SigV4 streaming upload: {@code <hex-size>[;chunk-signature=…]\r\n
 * <data>\r\n … 0…\r\n[trailers]\r\n}) into the plain payload. The SDK sends PutObject this way with a CRC32 trailer;
 * the front decodes it before forwarding so the proxy only ever sees plain, unsigned bodies (it runs with
 * authentication NONE, so chunk signatures are not verified — nothing here is a security boundary).
 */
final class AwsChunkedDecoder {

    private AwsChunkedDecoder() {
    }

    static byte[] decode(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length);
        int pos = 0;
        while (pos < body.length) {
            int lineEnd = indexOfCrlf(body, pos);
            if (lineEnd < 0) {
                throw new IllegalArgumentException("aws-chunked body: missing chunk header at byte " + pos);
            }
            String header = new String(body, pos, lineEnd - pos, StandardCharsets.US_ASCII);
            int semicolon = header.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? header : header.substring(0, semicolon)).trim(), 16);
            pos = lineEnd + 2;
            if (size == 0) {
                return out.toByteArray(); // trailers (x-amz-checksum-*) follow; the payload is complete
            }
            if (pos + size > body.length) {
                throw new IllegalArgumentException("aws-chunked body: chunk of " + size + " bytes is truncated");
            }
            out.write(body, pos, size);
            pos += size + 2; // data + CRLF
        }
        return out.toByteArray();
    }

    private static int indexOfCrlf(byte[] b, int from) {
        for (int i = from; i + 1 < b.length; i++) {
            if (b[i] == '\r' && b[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
