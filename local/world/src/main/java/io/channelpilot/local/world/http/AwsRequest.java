package io.channelpilot.local.world.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One HTTP request as an emulated service sees it.
 *
 * @param service    the SigV4 signing name taken from the {@code Authorization} header (e.g. {@code kafka},
 *                   {@code monitoring}, {@code s3}); how requests are routed to emulators on the shared endpoint
 * @param method     HTTP method
 * @param rawPath    the path exactly as sent (path parameters still percent-encoded, e.g. ARNs)
 * @param query      decoded query parameters, in order, repeated keys kept
 * @param headers    headers with lower-case names
 * @param body       the request body (empty array when none)
 */
public record AwsRequest(String service, String method, String rawPath, Map<String, List<String>> query,
                         Map<String, List<String>> headers, byte[] body) {

    public AwsRequest {
        query = Collections.unmodifiableMap(new LinkedHashMap<>(query));
        TreeMap<String, List<String>> lower = new TreeMap<>();
        headers.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
        headers = Collections.unmodifiableMap(lower);
        body = body == null ? new byte[0] : body;
    }

    public Optional<String> header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    public Optional<String> queryParam(String name) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    public List<String> queryParams(String name) {
        return query.getOrDefault(name, List.of());
    }

    /** The {@code X-Amz-Target} operation suffix for AWS JSON protocols (e.g. {@code DescribeLogGroups}). */
    public Optional<String> targetOperation() {
        return header("x-amz-target").map(t -> t.substring(t.lastIndexOf('.') + 1));
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** Path segments, each percent-decoded (an encoded ARN becomes one segment). */
    public List<String> pathSegments() {
        String p = rawPath.startsWith("/") ? rawPath.substring(1) : rawPath;
        List<String> out = new ArrayList<>();
        if (p.isEmpty()) {
            return out;
        }
        for (String s : p.split("/", -1)) {
            out.add(URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8));
        }
        return out;
    }

    /** Form-encoded body parameters (AWS Query protocol). */
    public Map<String, String> formParams() {
        Map<String, String> out = new LinkedHashMap<>();
        String text = bodyText();
        if (text.isBlank()) {
            return out;
        }
        for (String pair : text.split("&")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            out.put(URLDecoder.decode(k, StandardCharsets.UTF_8), URLDecoder.decode(v, StandardCharsets.UTF_8));
        }
        return out;
    }

    static Map<String, List<String>> parseQuery(String rawQuery) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return out;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
        }
        return out;
    }
}
