package io.channelpilot.tests.oncall.redrive;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Heap of the whole JVM during a benchmark phase, measured so that garbage does not count: after every collection the
 * JVM reports each pool's usage after the collection; the peak of their sum over the phase is the "peak live after GC"
 * (an upper bound of the live heap: a young collection leaves old garbage in place). Also the classic peak of the heap
 * pools (includes garbage, so it mostly reflects the heap size the collector chose) and the live heap before the phase
 * (after an explicit collection).
 */
final class HeapWatch {

    record Result(long liveBefore, long peakLiveAfterGc, int collections, long peakOfPools) {
    }

    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
    private final AtomicLong peakAfterGc = new AtomicLong();
    private final AtomicInteger collections = new AtomicInteger();
    private final List<Runnable> detach = new ArrayList<>();
    private long liveBefore;

    static HeapWatch start() {
        HeapWatch w = new HeapWatch();
        System.gc();
        w.liveBefore = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
        NotificationListener listener = (n, handback) -> {
            if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                return;
            }
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            long used = 0;
            for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                if (w.heapPools.contains(pool.getKey())) {
                    used += pool.getValue().getUsed();
                }
            }
            w.collections.incrementAndGet();
            w.peakAfterGc.accumulateAndGet(used, Math::max);
        };
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            NotificationEmitter emitter = (NotificationEmitter) gc;
            emitter.addNotificationListener(listener, null, null);
            w.detach.add(() -> {
                try {
                    emitter.removeNotificationListener(listener);
                } catch (ListenerNotFoundException ignored) {
                    // already gone
                }
            });
        }
        return w;
    }

    Result stop() {
        long pools = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                pools += pool.getPeakUsage().getUsed();
            }
        }
        detach.forEach(Runnable::run);
        return new Result(liveBefore, peakAfterGc.get(), collections.get(), pools);
    }
}
