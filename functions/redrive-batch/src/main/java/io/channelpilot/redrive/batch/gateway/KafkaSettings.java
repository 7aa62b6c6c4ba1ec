package io.channelpilot.redrive.batch.gateway;

import io.channelpilot.model.AsciiNumbers;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * How the worker reaches the cluster. In AWS: IAM SASL over TLS ({@code aws-msk-iam-auth}), brokers from
 * {@code kafka:GetBootstrapBrokers}. Against the local world: PLAINTEXT, brokers from
 * {@code CHANNEL_PILOT_KAFKA_BOOTSTRAP}.
 *
 * @param auth      {@code CHANNEL_PILOT_KAFKA_AUTH}: IAM (default) or PLAINTEXT
 * @param bootstrap {@code CHANNEL_PILOT_KAFKA_BOOTSTRAP}: either one bootstrap string for every cluster, or
 *                  {@code <clusterName>=<bootstrap>} entries separated by ';'. Empty: ask GetBootstrapBrokers
 * @param requestTimeoutMs  {@code CHANNEL_PILOT_KAFKA_REQUEST_TIMEOUT_MS}: the producer's {@code request.timeout.ms}
 *                          (0 = the client default, 30 s)
 * @param deliveryTimeoutMs {@code CHANNEL_PILOT_KAFKA_DELIVERY_TIMEOUT_MS}: the producer's {@code delivery.timeout.ms}
 *                          (0 = the client default, 120 s); tests shorten both to see faults in seconds
 */
public record KafkaSettings(Auth auth, String bootstrap, int requestTimeoutMs, int deliveryTimeoutMs) {

    public enum Auth { IAM, PLAINTEXT }

    public KafkaSettings {
        auth = auth == null ? Auth.IAM : auth;
        bootstrap = bootstrap == null ? "" : bootstrap.trim();
        // the producer refuses delivery.timeout.ms < linger.ms + request.timeout.ms (defaults 120 s, 30 s)
        int request = requestTimeoutMs > 0 ? requestTimeoutMs : 30_000;
        if (deliveryTimeoutMs > 0 && deliveryTimeoutMs < request + KafkaRecordSink.LINGER_MS) {
            throw new IllegalArgumentException("CHANNEL_PILOT_KAFKA_DELIVERY_TIMEOUT_MS (" + deliveryTimeoutMs
                    + ") must be at least CHANNEL_PILOT_KAFKA_REQUEST_TIMEOUT_MS (" + request + ") + "
                    + KafkaRecordSink.LINGER_MS + " ms of linger");
        }
    }

    public KafkaSettings(Auth auth, String bootstrap) {
        this(auth, bootstrap, 0, 0);
    }

    public static KafkaSettings from(Map<String, String> env) {
        String auth = env.getOrDefault("CHANNEL_PILOT_KAFKA_AUTH", "IAM");
        return new KafkaSettings(Auth.valueOf(auth.trim().toUpperCase(Locale.ROOT)),
                env.getOrDefault("CHANNEL_PILOT_KAFKA_BOOTSTRAP", ""),
                millis(env, "CHANNEL_PILOT_KAFKA_REQUEST_TIMEOUT_MS"), millis(env, "CHANNEL_PILOT_KAFKA_DELIVERY_TIMEOUT_MS"));
    }

    /** Empty or absent: 0 (the client default). */
    private static int millis(Map<String, String> env, String name) {
        String v = env.getOrDefault(name, "").trim();
        if (v.isEmpty()) {
            return 0;
        }
        return AsciiNumbers.parseInt(v).stream().filter(n -> n > 0 && n <= 900_000).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(name + " must be milliseconds in ASCII digits, 1 to 900000"
                        + " (or empty for the Kafka client's default), got: " + v));
    }

    /** Producer properties: the security mode plus the configured timeouts (bootstrap added by the caller). */
    public Properties producer() {
        Properties p = security();
        if (requestTimeoutMs > 0) {
            p.put("request.timeout.ms", Integer.toString(requestTimeoutMs));
        }
        if (deliveryTimeoutMs > 0) {
            p.put("delivery.timeout.ms", Integer.toString(deliveryTimeoutMs));
        }
        return p;
    }

    /** The configured bootstrap for a cluster, if any. */
    public Optional<String> bootstrapFor(String clusterName) {
        if (bootstrap.isEmpty()) {
            return Optional.empty();
        }
        if (!bootstrap.contains("=")) {
            return Optional.of(bootstrap);
        }
        for (String entry : bootstrap.split(";")) {
            int eq = entry.indexOf('=');
            if (eq > 0 && entry.substring(0, eq).trim().equals(clusterName)) {
                return Optional.of(entry.substring(eq + 1).trim());
            }
        }
        return Optional.empty();
    }

    /** Client properties for the security mode (bootstrap added by the caller). */
    public Properties security() {
        Properties p = new Properties();
        if (auth == Auth.IAM) {
            p.put("security.protocol", "SASL_SSL");
            p.put("sasl.mechanism", "AWS_MSK_IAM");
            p.put("sasl.jaas.config", "software.amazon.msk.auth.iam.IAMLoginModule required;");
            p.put("sasl.client.callback.handler.class", "software.amazon.msk.auth.iam.IAMClientCallbackHandler");
        } else {
            p.put("security.protocol", "PLAINTEXT");
        }
        return p;
    }
}
