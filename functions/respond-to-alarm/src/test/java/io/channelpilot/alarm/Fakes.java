package io.channelpilot.alarm;

import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.notification.RenderedNotification;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import io.channelpilot.alarm.gateway.AlarmPorts;

/** In-memory fakes of the responder's ports. */
final class Fakes {

    private Fakes() {
    }

    static final class Msk implements AlarmPorts.Msk, AlarmPorts.Metrics {
        final Map<String, String> clusters = new HashMap<>();
        AlarmPorts.ChannelState channel;
        Optional<Long> retentionMs = Optional.empty();
        Optional<Double> bytesPerSecond = Optional.empty();

        @Override
        public Optional<String> clusterArn(String clusterName) {
            return Optional.ofNullable(clusters.get(clusterName));
        }

        @Override
        public Optional<AlarmPorts.ChannelState> channel(String clusterArn, String topic, String channelName) {
            return Optional.ofNullable(channel);
        }

        @Override
        public Optional<Long> retentionMs(String clusterArn, String topic) {
            return retentionMs;
        }

        @Override
        public Optional<Double> deliveryBytesInPerSecond(String clusterName, String channelName, String topic, Duration window) {
            return bytesPerSecond;
        }
    }

    static class Bucket implements AlarmPorts.DlqObjects {
        final TreeMap<String, byte[]> objects = new TreeMap<>();
        final List<String> copies = new ArrayList<>();
        int reads;

        @Override
        public void list(String bucket, String prefix, String startAfter, Consumer<AlarmPorts.DlqObject> sink) {
            objects.tailMap(startAfter, false).forEach((k, v) -> {
                if (k.startsWith(prefix)) {
                    sink.accept(new AlarmPorts.DlqObject(k, v.length, Instant.EPOCH));
                }
            });
        }

        @Override
        public InputStream open(String bucket, String key) {
            reads++;
            return new ByteArrayInputStream(objects.get(key));
        }

        @Override
        public void copy(String bucket, String key, String targetKey) {
            copies.add(targetKey);
            objects.put(targetKey, objects.get(key));
        }
    }

    static final class Triage implements AlarmPorts.TriageState {
        final Map<String, AlarmPorts.Watermark> marks = new HashMap<>();
        final Map<String, String> reports = new HashMap<>();

        @Override
        public AlarmPorts.Watermark watermark(String clusterArn, String channelName) {
            return marks.getOrDefault(clusterArn + channelName, AlarmPorts.Watermark.initial());
        }

        @Override
        public boolean storeReport(String clusterArn, String channelName, long n, String json, Instant at) {
            return reports.putIfAbsent(clusterArn + channelName + "#" + n, json) == null;
        }

        @Override
        public boolean advance(String clusterArn, String channelName, AlarmPorts.Watermark expected, AlarmPorts.Watermark next) {
            if (watermark(clusterArn, channelName).version() != expected.version()) {
                return false;
            }
            marks.put(clusterArn + channelName, next);
            return true;
        }
    }

    static final class Publisher implements NotificationPublisher {
        final List<RenderedNotification> sent = new ArrayList<>();

        @Override
        public String publish(RenderedNotification message) {
            sent.add(message);
            return "msg-" + sent.size();
        }
    }
}
