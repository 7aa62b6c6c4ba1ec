package io.channelpilot.cli;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.ChannelNames;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.SafeText;
import io.channelpilot.model.TopicNames;
import io.channelpilot.redrive.RedriveRequest;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Checks of every option value before a command uses it. Each is a picocli converter, so a bad value is refused by
 * picocli itself: exit 2, {@code Invalid value for option '--x': <why>} on stderr, nothing called. Numbers are ASCII
 * digits only and bounded by the service limit they feed; names follow the rules of the resource they name; the
 * endpoint is an http(s) URL (a non-loopback one is allowed but warned about, {@link AwsOptions}).
 */
final class OptionValues {

    private static final Pattern CLUSTER_NAME = Pattern.compile("^[A-Za-z0-9-]{1,64}$");
    /** Step Functions execution names (task ids are execution names). */
    private static final Pattern TASK_ID = Pattern.compile("^[A-Za-z0-9_-]{1,80}$");

    private OptionValues() {
    }

    /** {@code --rate}: {@code 500} or {@code 500/s}, 1 to {@link RedriveRequest#MAX_RATE}. */
    static final class Rate implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            String n = value.endsWith("/s") ? value.substring(0, value.length() - 2) : value;
            return bounded(n, 1, RedriveRequest.MAX_RATE, "records per second (500 or 500/s)");
        }
    }

    /** {@code --max-concurrency}: 1 to 10 000, Distributed Map's maximum. */
    static final class Concurrency implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return bounded(value, 1, RedriveRequest.MAX_CONCURRENCY, "concurrent workers (Step Functions' Distributed Map maximum)");
        }
    }

    /** {@code --loop-limit}: 1 to {@link RedriveRequest#MAX_LOOP_LIMIT}. */
    static final class LoopLimit implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return bounded(value, 1, RedriveRequest.MAX_LOOP_LIMIT, "redrives per record");
        }
    }

    static final class Channel implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!ChannelNames.isValid(value)) {
                throw refused(value, "is not a channel name (1-64 of [a-zA-Z0-9._-])");
            }
            return value;
        }
    }

    /** {@code --cluster}: an MSK cluster ARN or a cluster name. */
    static final class Cluster implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (value.startsWith("arn:") ? !ClusterArn.isValid(value) : !CLUSTER_NAME.matcher(value).matches()) {
                throw refused(value, "is neither a cluster name (1-64 of [A-Za-z0-9-]) nor an MSK cluster ARN");
            }
            return value;
        }
    }

    static final class Topic implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            java.util.Optional<String> problem = TopicNames.problem(value);
            if (problem.isPresent()) {
                throw refused(value, "is not a Kafka topic name: it " + problem.get());
            }
            return value;
        }
    }

    static final class TaskId implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!TASK_ID.matcher(value).matches()) {
                throw refused(value, "is not a redrive task id (1-80 of [A-Za-z0-9_-], e.g. redrive-1767225600-1a2b3c4d)");
            }
            return value;
        }
    }

    /** {@code --endpoint-url}: an absolute http or https URL with a host and nothing but scheme, host, port and path. */
    static final class EndpointUrl implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            URI uri;
            try {
                uri = new URI(value);
            } catch (URISyntaxException e) {
                throw refused(value, "is not a URL");
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw refused(value, "is not an http:// or https:// URL (e.g. http://127.0.0.1:4566 for the local world)");
            }
            if (uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
                // user info may be a credential: never echoed
                String shown = uri.getRawUserInfo() == null ? value : value.replace(uri.getRawUserInfo() + "@", "***@");
                throw refused(shown, "needs a host and no user info, query or fragment (e.g. http://127.0.0.1:4566)");
            }
            return value;
        }
    }

    /**
     * Whether {@code endpoint}'s host is a loopback address, judged from the literal only (no DNS lookup: the check
     * must not itself reach the network). {@code localhost} counts as loopback.
     */
    static boolean isLoopback(String endpoint) {
        String host = URI.create(endpoint).getHost();
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        String literal = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (!literal.matches("^[0-9.]+$") && !literal.contains(":")) {
            return false;
        }
        try {
            return InetAddress.getByName(literal).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    private static int bounded(String value, int min, int max, String unit) {
        OptionalInt n = AsciiNumbers.parseInt(value.trim());
        if (n.isEmpty() || !AsciiNumbers.isAsciiDigits(value.trim())) {
            throw refused(value, "is not a whole number in ASCII digits (" + unit + ")");
        }
        if (n.getAsInt() < min || n.getAsInt() > max) {
            throw refused(value, "is outside " + min + ".." + max + " " + unit);
        }
        return n.getAsInt();
    }

    private static TypeConversionException refused(String value, String why) {
        return new TypeConversionException("'" + SafeText.of(value, 80) + "' " + why);
    }
}
