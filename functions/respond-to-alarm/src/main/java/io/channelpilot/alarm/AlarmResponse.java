package io.channelpilot.alarm;

import java.util.Map;

/**
 * The handler's answer (also what the local world records). {@code outcome} is a stable code:
 * <ul>
 *   <li>{@code TRIAGED} — DLQ objects read, report stored, watermark advanced, DLQ_TRIAGE sent;</li>
 *   <li>{@code NOTHING_NEW} — no DLQ object since the watermark (e.g. a re-fired alarm): nothing sent;</li>
 *   <li>{@code NO_DLQ_OBJECTS} — rows failed but the DLQ prefix never held an object: warned once per event;</li>
 *   <li>{@code ALREADY_TRIAGED} — a concurrent invocation stored the same report first: nothing sent;</li>
 *   <li>{@code FRESHNESS_REPORTED}, {@code RESOLVED} — DATA_FRESHNESS / ALARM_RESOLVED sent;</li>
 *   <li>{@code DUPLICATE_EVENT} — this event id was handled before;</li>
 *   <li>{@code IGNORED} — not our alarm, malformed, or a state we do not act on ({@code reason} says which; an
 *       alarm that is not one provisioning recorded for that channel on that cluster is {@code ALARM_NOT_RECORDED}
 *       or {@code ALARM_IDENTITY_MISMATCH}, counted as the EMF metric {@code AlarmIgnored<Reason>}).</li>
 * </ul>
 */
public record AlarmResponse(String outcome, String reason, String channel, String messageId, Map<String, Long> counts,
                            String detail) {

    /** @param detail for IGNORED: what was wrong, naming the field (escaped and cut; never a payload) */
    public AlarmResponse {
        reason = reason == null ? "" : reason;
        detail = detail == null ? "" : io.channelpilot.model.SafeText.of(detail);
        channel = channel == null ? "" : channel;
        messageId = messageId == null ? "" : messageId;
        counts = counts == null ? Map.of() : Map.copyOf(counts);
    }

    public AlarmResponse(String outcome, String reason, String channel, String messageId, Map<String, Long> counts) {
        this(outcome, reason, channel, messageId, counts, "");
    }

    static AlarmResponse of(String outcome, String reason, String channel) {
        return new AlarmResponse(outcome, reason, channel, "", Map.of());
    }

    static AlarmResponse ignored(String reason, String detail) {
        return new AlarmResponse("IGNORED", reason, "", "", Map.of(), detail);
    }
}
