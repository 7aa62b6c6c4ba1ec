package io.channelpilot.redrive.batch;

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
 */
public record KafkaSettings(Auth auth, String bootstrap) {

    public enum Auth { IAM, PLAINTEXT }

    public KafkaSettings {
        auth = auth == null ? Auth.IAM : auth;
        bootstrap = bootstrap == null ? "" : bootstrap.trim();
    }

    public static KafkaSettings from(Map<String, String> env) {
        String auth = env.getOrDefault("CHANNEL_PILOT_KAFKA_AUTH", "IAM");
        return new KafkaSettings(Auth.valueOf(auth.trim().toUpperCase(Locale.ROOT)),
                env.getOrDefault("CHANNEL_PILOT_KAFKA_BOOTSTRAP", ""));
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
