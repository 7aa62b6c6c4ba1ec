package io.channelpilot.local.world.file;

/** Compares MSK Kafka version strings such as {@code 3.6.0}, {@code 3.8.x}, {@code 3.9.x.kraft}. */
final class KafkaVersions {

    private KafkaVersions() {
    }

    static boolean atLeast(String version, int major, int minor) {
        String[] parts = version.split("\\.");
        try {
            int ma = Integer.parseInt(parts[0]);
            int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return ma > major || (ma == major && mi >= minor);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
