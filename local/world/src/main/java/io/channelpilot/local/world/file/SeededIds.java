package io.channelpilot.local.world.file;

import java.util.Random;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Repeatable random UUIDs (version 4 layout) from the world file's seed, one independent stream per service so that
 * the order of calls to one service never changes another service's identifiers.
 */
public final class SeededIds implements Supplier<UUID> {

    private final Random random;

    private SeededIds(long seed) {
        this.random = new Random(seed);
    }

    public static SeededIds forService(long worldSeed, String service) {
        return new SeededIds(worldSeed * 31 + service.hashCode());
    }

    @Override
    public synchronized UUID get() {
        long msb = (random.nextLong() & 0xffffffffffff0fffL) | 0x0000000000004000L;
        long lsb = (random.nextLong() & 0x3fffffffffffffffL) | 0x8000000000000000L;
        return new UUID(msb, lsb);
    }
}
