package io.channelpilot.local.world.s3;

import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Replays an S3 request against the in-process s3proxy and returns its answer unchanged. The proxy runs with
 * authentication NONE, so the SigV4 headers are dropped and an {@code aws-chunked} body is decoded first; the raw path
 * and query are passed through byte for byte.
 */
final class ProxyForwarder {

    /** Hop-by-hop or restricted headers (java.net.http refuses some) and the signature the proxy does not check. */
    private static final Set<String> DROPPED_REQUEST = Set.of("host", "connection", "content-length", "expect",
            "upgrade", "transfer-encoding", "authorization", "x-amz-content-sha256", "x-amz-decoded-content-length",
            "x-amz-trailer", "x-amz-sdk-checksum-algorithm", "content-encoding", "keep-alive", "te",
            // checked by S3Emulator against the world's account; s3proxy answers 501 NotImplemented to them
            "x-amz-expected-bucket-owner", "x-amz-source-expected-bucket-owner");
    private static final Set<String> DROPPED_RESPONSE = Set.of("connection", "transfer-encoding", "content-length",
            "keep-alive", "date", "server");

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI proxy;

    ProxyForwarder(URI proxy) {
        this.proxy = proxy;
    }

    AwsResponse forward(AwsRequest request) {
        byte[] body = request.body();
        String contentEncoding = request.header("content-encoding").orElse("");
        boolean chunked = contentEncoding.contains("aws-chunked")
                || request.header("x-amz-content-sha256").filter(v -> v.startsWith("STREAMING-")).isPresent();
        if (chunked) {
            body = AwsChunkedDecoder.decode(body);
        }
        String query = rawQuery(request.query());
        URI target = URI.create(proxy + request.rawPath() + (query.isEmpty() ? "" : "?" + query));
        HttpRequest.Builder b = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(60))
                .method(request.method(), body.length == 0 && !hasBody(request.method())
                        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        request.headers().forEach((name, values) -> {
            if (!DROPPED_REQUEST.contains(name)) {
                values.forEach(v -> b.header(name, v));
            }
        });
        // keep a real content coding (e.g. gzip) after stripping the aws-chunked transfer coding
        String remaining = stripAwsChunked(contentEncoding);
        if (!remaining.isEmpty()) {
            b.header("Content-Encoding", remaining);
        }
        return send(b.build(), request.method());
    }

    private AwsResponse send(HttpRequest request, String method) {
        try {
            HttpResponse<byte[]> r = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            Map<String, String> headers = new LinkedHashMap<>();
            r.headers().map().forEach((name, values) -> {
                String lower = name.toLowerCase(Locale.ROOT);
                if (!DROPPED_RESPONSE.contains(lower) && !lower.startsWith(":") && !values.isEmpty()) {
                    headers.put(name, String.join(",", values));
                }
            });
            if ("HEAD".equals(method)) {
                // the shared endpoint writes no body for HEAD, so the object size travels only in this header
                r.headers().firstValue("content-length").ifPresent(v -> headers.put("Content-Length", v));
            }
            return new AwsResponse(r.statusCode(), headers, r.body());
        } catch (IOException e) {
            throw new UncheckedIOException("s3proxy did not answer " + request.method() + " " + request.uri(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while forwarding to s3proxy", e);
        }
    }

    private static boolean hasBody(String method) {
        return "PUT".equals(method) || "POST".equals(method);
    }

    private static String stripAwsChunked(String contentEncoding) {
        return String.join(",", java.util.Arrays.stream(contentEncoding.split(","))
                .map(String::trim).filter(s -> !s.isEmpty() && !"aws-chunked".equals(s)).toList());
    }

    /** Re-encodes the decoded query (the SDK's own encoding is RFC 3986; so is this). */
    static String rawQuery(Map<String, List<String>> query) {
        StringBuilder out = new StringBuilder();
        query.forEach((k, values) -> {
            for (String v : values) {
                if (out.length() > 0) {
                    out.append('&');
                }
                out.append(encode(k));
                if (!v.isEmpty()) {
                    out.append('=').append(encode(v));
                }
            }
        });
        return out.toString();
    }

    static String encode(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8)
                .replace("+", "%20").replace("*", "%2A").replace("%7E", "~");
    }
}
