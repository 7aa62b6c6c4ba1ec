package io.channelpilot.poll;

import io.channelpilot.model.AsciiNumbers;
import java.time.Duration;
import java.util.Map;

/**
 * @param confirmDelay {@code CHANNEL_PILOT_POLL_CONFIRM_SECONDS} (default 5): wait between the two ACTIVE reads
 * @param statusTable  {@code CHANNEL_PILOT_STATUS_TABLE}
 */
record PollConfig(Duration confirmDelay, String statusTable) {

    public PollConfig {
        if (confirmDelay.isNegative() || confirmDelay.compareTo(Duration.ofSeconds(20)) > 0) {
            throw new IllegalArgumentException("CHANNEL_PILOT_POLL_CONFIRM_SECONDS must be 0-20 (the function timeout is 30 s), got "
                    + confirmDelay.toSeconds());
        }
        statusTable = statusTable == null ? "" : statusTable;
    }

    public static PollConfig from(Map<String, String> env) {
        String seconds = env.getOrDefault("CHANNEL_PILOT_POLL_CONFIRM_SECONDS", "5");
        try {
            return new PollConfig(Duration.ofSeconds(AsciiNumbers.requireLong(seconds.trim())), env.getOrDefault("CHANNEL_PILOT_STATUS_TABLE", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("CHANNEL_PILOT_POLL_CONFIRM_SECONDS must be an integer, got: " + seconds);
        }
    }
}
