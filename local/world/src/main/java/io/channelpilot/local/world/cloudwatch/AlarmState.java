package io.channelpilot.local.world.cloudwatch;

import java.time.Instant;

/** An alarm state as CloudWatch reports it: {@code OK}, {@code ALARM} or {@code INSUFFICIENT_DATA} with its reason. */
public record AlarmState(String value, String reason, String reasonData, Instant timestamp) {

    public static final String OK = "OK";
    public static final String ALARM = "ALARM";
    public static final String INSUFFICIENT_DATA = "INSUFFICIENT_DATA";

    static AlarmState initial(Instant now) {
        return new AlarmState(INSUFFICIENT_DATA, "Unchecked: Initial alarm creation", null, now);
    }
}
