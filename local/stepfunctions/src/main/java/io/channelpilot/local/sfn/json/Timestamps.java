package io.channelpilot.local.sfn.json;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * "Timestamps must conform to the RFC3339 profile of ISO 8601, with the further restrictions that an uppercase T must
 * separate the date and time portions, and an uppercase Z must denote that a numeric time zone offset is not present"
 * (ASL spec, Timestamps).
 */
public final class Timestamps {

    private static final DateTimeFormatter CONTEXT_FORMAT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);

    private Timestamps() {
    }

    public static Optional<Instant> parse(String text) {
        if (text == null || text.indexOf('T') < 0 || text.indexOf('t') >= 0 || text.indexOf('z') >= 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** The form Step Functions uses in the context object, e.g. 2026-01-01T00:00:00.000Z. */
    public static String format(Instant instant) {
        return CONTEXT_FORMAT.format(instant);
    }
}
