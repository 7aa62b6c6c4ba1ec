package io.channelpilot.model;

import java.util.SplittableRandom;

/** Seeded generator of awkward names for property-style tests (no external property-testing library). */
final class NameGenerator {

    private static final String TOPIC_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-";
    private static final String NASTY = "_-. /:@ÄéßİK\u212A\t😀#$%*,;\"'{}";

    private final SplittableRandom random;

    NameGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** A Kafka-legal topic name, 1–249 characters, biased towards short names. */
    String topic() {
        int length = random.nextInt(10) == 0 ? 1 + random.nextInt(249) : 4 + random.nextInt(27);
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(TOPIC_CHARS.charAt(random.nextInt(TOPIC_CHARS.length())));
        }
        return sb.toString();
    }

    /** Any text: empty, very long, Unicode, surrogate pairs, characters no name allows. */
    String anything() {
        int length = random.nextInt(20) == 0 ? random.nextInt(600) : random.nextInt(40);
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            if (random.nextInt(4) == 0) {
                sb.append(NASTY.charAt(random.nextInt(NASTY.length())));
            } else {
                sb.append(TOPIC_CHARS.charAt(random.nextInt(TOPIC_CHARS.length())));
            }
        }
        return sb.toString();
    }
}
