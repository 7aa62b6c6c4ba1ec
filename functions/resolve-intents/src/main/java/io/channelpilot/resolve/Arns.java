package io.channelpilot.resolve;

import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.TopicNames;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MSK ARNs as they appear in triggers. CloudTrail records path parameters as sent, so {@code clusterArn} and
 * {@code resourceArn} may be URL-encoded ({@code arn%3Aaws%3Akafka%3A...%2F...}, MSK developer guide CloudTrail
 * examples) or plain; both are accepted. Topic and channel ARNs name their cluster
 * ({@code topic/<cluster>/<uuid>/<topic>}, {@code channel/<cluster>/<uuid>/<channel>/<id>}, reference §1.1).
 */
final class Arns {

    private static final Pattern MSK = Pattern.compile(
            "^arn:(aws[a-z-]*):kafka:([a-z0-9-]+):(\\d{12}):([a-z-]+)/([A-Za-z0-9-]+)/([A-Za-z0-9-]+)(?:/(.*))?$");

    /** A parsed MSK resource ARN: its type ({@code cluster}, {@code topic}, {@code channel}, ...), cluster and rest. */
    record MskResource(String type, String clusterArn, String rest) {

        /** The topic of a topic ARN, when it is a Kafka topic name ({@link TopicNames}: no '/', '..' or invisible characters). */
        Optional<String> topic() {
            return type.equals("topic") && TopicNames.isValid(rest) ? Optional.of(rest) : Optional.empty();
        }
    }

    private Arns() {
    }

    /** Decodes a URL-encoded ARN; a plain one passes unchanged ('+' never occurs in MSK ARNs). Never throws. */
    static String decode(String value) {
        if (value == null) {
            return "";
        }
        String trimmed = value.strip();
        if (!trimmed.contains("%")) {
            return trimmed;
        }
        try {
            return URLDecoder.decode(trimmed, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            // A broken escape is not an ARN either way; returned as is, it fails ARN validation with a named field.
            return trimmed;
        }
    }

    static Optional<MskResource> parse(String arn) {
        Matcher m = MSK.matcher(decode(arn));
        if (!m.matches()) {
            return Optional.empty();
        }
        String cluster = "arn:" + m.group(1) + ":kafka:" + m.group(2) + ":" + m.group(3) + ":cluster/" + m.group(5) + "/" + m.group(6);
        if (!ClusterArn.isValid(cluster)) {
            return Optional.empty();
        }
        return Optional.of(new MskResource(m.group(4), cluster, m.group(7) == null ? "" : m.group(7)));
    }
}
