package io.channelpilot.redrive.batch;

import io.channelpilot.redrive.RecordId;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import io.channelpilot.redrive.batch.gateway.RecordSource;
import io.channelpilot.redrive.batch.gateway.SourceRecord;

/**
 * The read side of a batch on its own thread: the consumer's polls, record decoding and the per-record decision (loop
 * guard, repairs, pre-validation — pure work, no ledger access), handed in stream order (offset order per partition)
 * through a bounded queue to the worker thread, which alone claims, produces and marks done. Reading the next records
 * thus overlaps with producing the current ones, and the two halves of the per-record work run on two cores when there
 * are two. The queue bounds what is read ahead ({@value #CAPACITY} records); closing stops the reader (it is
 * interrupted out of a poll) and waits for it, so the consumer is never used by two threads at once.
 */
final class ReadAhead implements AutoCloseable {

    static final int CAPACITY = 1_000;

    sealed interface Item permits Decided, Missing, End, Failed {
    }

    /** A wanted record and what to do with it. */
    record Decided(SourceRecord record, RecordDecider.Decision decision) implements Item {
    }

    /** A wanted offset the broker did not return, with the partition's log-start offset when that was noticed. */
    record Missing(RecordId id, long logStartNow) implements Item {
    }

    /** The stream ended; {@code completed} is false when it was stopped. */
    record End(boolean completed) implements Item {
    }

    /** The reader failed (broker unreachable, a bug): the batch fails with this error. */
    record Failed(Throwable error) implements Item {
    }

    private final BlockingQueue<Item> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final Thread thread;
    private volatile boolean stopped;

    private ReadAhead(RecordSource source, String topic, Map<Integer, long[]> wanted, Map<Integer, Long> ends,
                      RecordDecider decider) {
        this.thread = new Thread(() -> read(source, topic, wanted, ends, decider), "redrive-read-ahead");
        this.thread.setDaemon(true);
    }

    static ReadAhead start(RecordSource source, String topic, Map<Integer, long[]> wanted, Map<Integer, Long> ends,
                           RecordDecider decider) {
        ReadAhead r = new ReadAhead(source, topic, wanted, ends, decider);
        r.thread.start();
        return r;
    }

    /** The next item in stream order; blocks while the reader is behind. The last item is an End or a Failed. */
    Item next() throws InterruptedException {
        return queue.take();
    }

    /** Moves up to {@code max} items that are already waiting into {@code into}, without blocking. */
    int drainTo(java.util.Collection<Item> into, int max) {
        return queue.drainTo(into, max);
    }

    private void read(RecordSource source, String topic, Map<Integer, long[]> wanted, Map<Integer, Long> ends,
                      RecordDecider decider) {
        Item last;
        try {
            boolean completed = source.stream(topic, wanted, ends, new RecordSource.OffsetVisitor() {
                @Override
                public boolean found(SourceRecord record) throws InterruptedException {
                    return !stopped && put(new Decided(record, decider.decide(record)));
                }

                @Override
                public void missing(int partition, long offset) {
                    if (stopped) {
                        return;
                    }
                    try {
                        put(new Missing(new RecordId(topic, partition, offset), source.logStartOffset(topic, partition)));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("read-ahead interrupted", e);
                    }
                }
            });
            last = new End(completed);
        } catch (Throwable t) {
            last = new Failed(t);
        }
        try {
            put(last);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closed: nobody reads the queue any more
        }
    }

    /** @return false when the worker stopped listening */
    private boolean put(Item item) throws InterruptedException {
        while (!stopped) {
            if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
        queue.clear();
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
