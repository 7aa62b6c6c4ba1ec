package io.channelpilot.local.world.kafka;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.errors.LeaderNotAvailableException;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.message.ResponseHeaderData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.requests.RequestHeader;

/**
 * A TCP proxy on 127.0.0.1 in front of one embedded broker that speaks just enough of the Kafka protocol to inject the
 * data-plane faults of {@link KafkaFaults}. The broker advertises the proxy's port ({@link KraftNode}),
 * so every client connection — bootstrap and after metadata — passes here.
 *
 * <p>Kafka answers the requests of one connection in order and clients match answers by correlation id, so every
 * connection keeps the requests it saw in a queue: answers from the broker are paired with the head, answers the proxy
 * makes itself (a refused Produce) are released only when every earlier request was answered. A swallowed answer
 * silences the connection for good (nothing further either way), as a half-dead TCP connection does.
 */
public final class KafkaFaultProxy implements AutoCloseable {

    private final ServerSocket server;
    private final KafkaFaults faults;
    private volatile int brokerPort;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private KafkaFaultProxy(ServerSocket server, KafkaFaults faults) {
        this.server = server;
        this.faults = faults;
    }

    /** Listens on a free loopback port; connections are refused until {@link #target} names the broker. */
    public static KafkaFaultProxy start(KafkaFaults faults) {
        try {
            KafkaFaultProxy proxy = new KafkaFaultProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), faults);
            Thread accept = new Thread(proxy::acceptLoop, "kafka-fault-proxy-" + proxy.port());
            accept.setDaemon(true);
            accept.start();
            return proxy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return server.getLocalPort();
    }

    public void target(int port) {
        this.brokerPort = port;
    }

    public KafkaFaults faults() {
        return faults;
    }

    /** Cuts every open connection (clients reconnect through the proxy). */
    public void cutAll() {
        links.forEach(Link::close);
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        cutAll();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            if (faults.blackholed() || brokerPort == 0) {
                faults.countCut();
                quietly(client);
                continue;
            }
            Socket broker = new Socket();
            try {
                broker.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), brokerPort), 5_000);
            } catch (IOException down) {
                quietly(client); // the broker is down (restarting): the client sees a refused connection
                quietly(broker);
                continue;
            }
            Link link = new Link(client, broker);
            links.add(link);
            link.start();
        }
    }

    /** One client connection and its twin to the broker. */
    private final class Link {
        private final Socket client;
        private final Socket broker;
        /** Requests awaiting an answer, oldest first. Guarded by {@code this}. */
        private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
        private volatile boolean silenced;

        /** {@code answer} is the proxy's own answer frame, or null when the broker answers. */
        private record Pending(int correlationId, short apiKey, short apiVersion, boolean swallow, byte[] answer) {
        }

        Link(Socket client, Socket broker) {
            this.client = client;
            this.broker = broker;
        }

        void start() {
            Thread up = new Thread(this::upstream, "kafka-fault-proxy-up");
            Thread down = new Thread(this::downstream, "kafka-fault-proxy-down");
            up.setDaemon(true);
            down.setDaemon(true);
            up.start();
            down.start();
        }

        private void upstream() {
            try {
                DataInputStream in = new DataInputStream(client.getInputStream());
                OutputStream out = broker.getOutputStream();
                while (true) {
                    byte[] frame = readFrame(in);
                    if (cutIfBlackholed() || silenced) {
                        continue;
                    }
                    pause();
                    ByteBuffer b = ByteBuffer.wrap(frame);
                    short apiKey = b.getShort(0);
                    short apiVersion = b.getShort(2);
                    int correlationId = b.getInt(4);
                    boolean produce = apiKey == ApiKeys.PRODUCE.id;
                    ProduceRequestData request = produce ? produceRequest(frame) : null;
                    if (produce) {
                        faults.produceRequestSeen();
                    }
                    boolean answered = request == null || request.acks() != 0;
                    synchronized (this) {
                        if (produce && faults.leaderless()) {
                            faults.countRefusedProduce();
                            waiting.add(new Pending(correlationId, apiKey, apiVersion, false,
                                    notLeader(correlationId, apiVersion, request)));
                            releaseOwnAnswers();
                            continue;
                        }
                        if (answered) {
                            waiting.add(new Pending(correlationId, apiKey, apiVersion, produce && faults.takeSwallow(), null));
                        }
                        writeFrame(out, frame);
                    }
                }
            } catch (IOException e) {
                close();
            }
        }

        private void downstream() {
            try {
                DataInputStream in = new DataInputStream(broker.getInputStream());
                while (true) {
                    byte[] frame = readFrame(in);
                    if (cutIfBlackholed() || silenced) {
                        continue;
                    }
                    pause();
                    synchronized (this) {
                        Pending p = waiting.pollFirst();
                        if (p == null || p.correlationId() != ByteBuffer.wrap(frame).getInt(0)) {
                            throw new IOException("answer out of order: the proxy lost track of the connection");
                        }
                        if (p.swallow()) {
                            silenced = true; // the write took effect; the answer and everything after it is lost
                            continue;
                        }
                        if (p.apiKey() == ApiKeys.METADATA.id && faults.leaderless()) {
                            frame = leaderless(frame, p.apiVersion());
                            faults.countLeaderlessMetadata();
                        }
                        writeFrame(client.getOutputStream(), frame);
                        releaseOwnAnswers();
                    }
                }
            } catch (IOException e) {
                close();
            }
        }

        /** Writes the proxy's own answers that reached the head of the queue. Caller holds the lock. */
        private void releaseOwnAnswers() throws IOException {
            while (!waiting.isEmpty() && waiting.peekFirst().answer() != null) {
                writeFrame(client.getOutputStream(), waiting.pollFirst().answer());
            }
        }

        private boolean cutIfBlackholed() {
            if (faults.blackholed()) {
                faults.countCut();
                close();
                return true;
            }
            return false;
        }

        private void pause() {
            long ms = faults.delayMillis();
            if (ms > 0) {
                try {
                    Thread.sleep(ms);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        void close() {
            links.remove(this);
            quietly(client);
            quietly(broker);
        }
    }

    // ------------------------------------------------------------------ the bits of the protocol the faults need

    private static byte[] readFrame(DataInputStream in) throws IOException {
        int size = in.readInt();
        if (size < 0 || size > (100 << 20)) {
            throw new EOFException("not a Kafka frame (size " + size + ")");
        }
        byte[] frame = new byte[size];
        in.readFully(frame);
        return frame;
    }

    private static void writeFrame(OutputStream out, byte[] frame) throws IOException {
        byte[] size = ByteBuffer.allocate(4).putInt(frame.length).array();
        out.write(size);
        out.write(frame);
        out.flush();
    }

    private static ProduceRequestData produceRequest(byte[] frame) {
        ByteBuffer b = ByteBuffer.wrap(frame);
        RequestHeader header = RequestHeader.parse(b); // leaves b at the body
        return new ProduceRequestData(new ByteBufferAccessor(b), header.apiVersion());
    }

    /** The answer a broker that lost leadership gives: every partition NOT_LEADER_OR_FOLLOWER, nothing written. */
    static byte[] notLeader(int correlationId, short version, ProduceRequestData request) {
        ProduceResponseData data = new ProduceResponseData();
        for (ProduceRequestData.TopicProduceData t : request.topicData()) {
            ProduceResponseData.TopicProduceResponse topic = new ProduceResponseData.TopicProduceResponse()
                    .setName(t.name()).setTopicId(t.topicId());
            for (ProduceRequestData.PartitionProduceData p : t.partitionData()) {
                topic.partitionResponses().add(new ProduceResponseData.PartitionProduceResponse().setIndex(p.index())
                        .setErrorCode(Errors.NOT_LEADER_OR_FOLLOWER.code()).setBaseOffset(-1).setLogAppendTimeMs(-1)
                        .setLogStartOffset(-1));
            }
            data.responses().add(topic);
        }
        return answer(correlationId, ApiKeys.PRODUCE.responseHeaderVersion(version), data, version);
    }

    /** The broker's Metadata answer with every partition leaderless ({@link LeaderNotAvailableException}). */
    static byte[] leaderless(byte[] frame, short version) {
        short headerVersion = ApiKeys.METADATA.responseHeaderVersion(version);
        ByteBuffer b = ByteBuffer.wrap(frame);
        ByteBufferAccessor in = new ByteBufferAccessor(b);
        ResponseHeaderData header = new ResponseHeaderData(in, headerVersion);
        MetadataResponseData data = new MetadataResponseData(in, version);
        for (MetadataResponseData.MetadataResponseTopic t : data.topics()) {
            for (MetadataResponseData.MetadataResponsePartition p : t.partitions()) {
                p.setErrorCode(Errors.LEADER_NOT_AVAILABLE.code()).setLeaderId(-1);
            }
        }
        return answer(header.correlationId(), headerVersion, data, version);
    }

    private static byte[] answer(int correlationId, short headerVersion, Message body, short version) {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        ResponseHeaderData header = new ResponseHeaderData().setCorrelationId(correlationId);
        int size = header.size(cache, headerVersion) + body.size(cache, version);
        ByteBuffer out = ByteBuffer.allocate(size);
        ByteBufferAccessor w = new ByteBufferAccessor(out);
        header.write(w, cache, headerVersion);
        body.write(w, cache, version);
        return out.array();
    }

    private static void quietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing to do
        }
    }
}
