package io.channelpilot.redrive.batch.gateway;

import io.channelpilot.model.ClusterArn;
import java.time.Clock;
import java.util.function.Supplier;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.GetBootstrapBrokersResponse;

/**
 * Production connector: the bootstrap comes from {@code CHANNEL_PILOT_KAFKA_BOOTSTRAP} when set (the local world),
 * else from {@code kafka:GetBootstrapBrokers} — the IAM (SASL/TLS) broker string in IAM mode, the plaintext one in
 * PLAINTEXT mode.
 */
public final class MskKafkaConnector implements KafkaConnector {

    private final KafkaSettings settings;
    private final Supplier<KafkaClient> msk;
    private final Clock clock;

    public MskKafkaConnector(KafkaSettings settings, Supplier<KafkaClient> msk) {
        this(settings, msk, Clock.systemUTC());
    }

    /** {@code clock} stamps the records it produces (see {@link KafkaRecordSink}). */
    public MskKafkaConnector(KafkaSettings settings, Supplier<KafkaClient> msk, Clock clock) {
        this.settings = settings;
        this.msk = msk;
        this.clock = clock;
    }

    @Override
    public Connection open(String clusterArn) {
        String bootstrap = settings.bootstrapFor(ClusterArn.parse(clusterArn).name()).orElseGet(() -> fromMsk(clusterArn));
        return new Connection(new KafkaRecordSource(bootstrap, settings.security()),
                new KafkaRecordSink(bootstrap, settings.producer(), clock));
    }

    private String fromMsk(String clusterArn) {
        GetBootstrapBrokersResponse r = msk.get().getBootstrapBrokers(b -> b.clusterArn(clusterArn));
        String brokers = settings.auth() == KafkaSettings.Auth.IAM ? r.bootstrapBrokerStringSaslIam() : r.bootstrapBrokerString();
        if (brokers == null || brokers.isBlank()) {
            throw new IllegalStateException("cluster " + clusterArn + " reports no " + settings.auth()
                    + " bootstrap brokers; enable IAM access control on the cluster");
        }
        return brokers;
    }
}
