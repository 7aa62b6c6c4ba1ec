package io.channelpilot.local.world.kafka;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * One combined broker+controller KRaft node bound to 127.0.0.1 only.
 *
 * <p>Why not {@code KafkaClusterTestKit}: in 4.1.1 its {@code PreboundSocketFactoryManager} pre-binds the controller
 * port with {@code new InetSocketAddress(port)}, i.e. on the wildcard address, and the listener host cannot be changed
 * through configuration (the pre-bound socket is reused whatever {@code listeners} says). The machine rules allow
 * loopback only, so this class formats the storage and runs {@link KafkaRaftServer} itself — the same server classes
 * the test kit drives — with both listeners on {@code 127.0.0.1} and ports probed on loopback.
 */
final class KraftNode implements AutoCloseable {

    private static final int NODE_ID = 1;

    /** Replaced by {@link #restart()}; the config (ports, log dir) stays. */
    private volatile KafkaRaftServer server;
    private final KafkaConfig config;
    private final String bootstrapServers;
    private final int brokerPort;

    private KraftNode(KafkaRaftServer server, KafkaConfig config, String bootstrapServers, int brokerPort) {
        this.server = server;
        this.config = config;
        this.bootstrapServers = bootstrapServers;
        this.brokerPort = brokerPort;
    }

    /**
     * Formats {@code dir} and starts the node; returns once the broker is unfenced and serving. Ports are probed free
     * and then bound by Kafka, so another process can take one in between: a failed start is retried once with new
     * ports in a fresh directory.
     */
    static KraftNode start(Path dir) {
        return start(dir, 0);
    }

    /**
     * As {@link #start(Path)}, advertising {@code 127.0.0.1:advertisedPort} to clients instead of the broker's own
     * port (0: its own): clients then reach the broker only through whatever listens there ({@link KafkaFaultProxy}).
     */
    static KraftNode start(Path dir, int advertisedPort) {
        try {
            return startOnce(dir.resolve("node"), advertisedPort);
        } catch (IllegalStateException first) {
            try {
                return startOnce(dir.resolve("node-retry"), advertisedPort);
            } catch (IllegalStateException second) {
                second.addSuppressed(first);
                throw second;
            }
        }
    }

    static {
        // A fatal broker fault calls Exit.halt/exit, which would kill the whole world (and a test JVM) without a
        // trace; inside the world it must surface as an exception of the failing call instead.
        Exit.setExitProcedure((code, message) -> {
            throw new IllegalStateException("embedded Kafka requested exit(" + code + "): " + message);
        });
        Exit.setHaltProcedure((code, message) -> {
            throw new IllegalStateException("embedded Kafka requested halt(" + code + "): " + message);
        });
    }

    private static KraftNode startOnce(Path dir, int advertisedPort) {
        KafkaRaftServer server = null;
        try {
            Files.createDirectories(dir);
            int brokerPort = freeLoopbackPort();
            int controllerPort = freeLoopbackPort();
            Path logDir = dir.resolve("log");
            int advertised = advertisedPort == 0 ? brokerPort : advertisedPort;
            KafkaConfig config = KafkaConfig.fromProps(properties(logDir, brokerPort, controllerPort, advertised), false);
            new Formatter()
                    .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                    .setNodeId(NODE_ID)
                    .setClusterId(Uuid.randomUuid().toString())
                    .setDirectories(List.of(logDir.toString()))
                    .setMetadataLogDirectory(logDir.toString())
                    .setControllerListenerName("CONTROLLER")
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    .setIgnoreFormatted(true)
                    .run();
            server = new KafkaRaftServer(config, Time.SYSTEM);
            // startup() returns after the broker registered with the controller and was unfenced.
            server.startup();
            return new KraftNode(server, config, "127.0.0.1:" + advertised, brokerPort);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            if (server != null) {
                server.shutdown();
            }
            throw new IllegalStateException("embedded Kafka broker failed to start in " + dir, e);
        }
    }

    String bootstrapServers() {
        return bootstrapServers;
    }

    /** The port the broker itself listens on (differs from {@link #bootstrapServers()} behind a proxy). */
    int brokerPort() {
        return brokerPort;
    }

    /**
     * A real broker restart: controlled shutdown, then a new server on the same ports and log directory (log recovery,
     * producer-state snapshots and the metadata log are what a restarted MSK broker has). Returns once unfenced.
     */
    synchronized void restart() {
        server.shutdown();
        server.awaitShutdown();
        KafkaRaftServer next = new KafkaRaftServer(config, Time.SYSTEM);
        next.startup();
        server = next;
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }

    private static Properties properties(Path logDir, int brokerPort, int controllerPort, int advertisedPort) {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        p.put("controller.quorum.voters", NODE_ID + "@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + advertisedPort);
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        // single node: every internal topic must fit on one replica
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("default.replication.factor", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        // MSK's default is false; topics come from the world file or the MSK CreateTopic emulation
        p.put("auto.create.topics.enable", "false");
        p.put("log.cleaner.dedupe.buffer.size", "2097152");
        // Records carry the world's virtual time (EmbeddedKafka's clock), which may be far from the wall clock: the
        // broker must neither refuse them (Kafka 4 refuses CreateTime more than 1 h ahead by default) nor delete them
        // by retention.ms against the wall clock. The product reads retention.ms as config; it judges age itself.
        p.put("log.message.timestamp.before.max.ms", String.valueOf(Long.MAX_VALUE));
        p.put("log.message.timestamp.after.max.ms", String.valueOf(Long.MAX_VALUE));
        p.put("log.retention.check.interval.ms", String.valueOf(Long.MAX_VALUE));
        // ...and the retention task's first run (30 s after start by default) must not come either; the other log
        // tasks it delays (flush, checkpoints, removal of deleted topics' files) do not matter for a throwaway broker
        p.put("log.initial.task.delay.ms", String.valueOf(java.time.Duration.ofDays(3650).toMillis()));
        return p;
    }

    private static int freeLoopbackPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
