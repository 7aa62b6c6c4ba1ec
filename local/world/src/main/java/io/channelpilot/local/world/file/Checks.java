package io.channelpilot.local.world.file;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Collects {@link Problem}s with small typed checks, so the validator reads as a list of rules. */
final class Checks {

    private final List<Problem> problems = new ArrayList<>();

    List<Problem> problems() {
        return List.copyOf(problems);
    }

    void fail(String path, String message) {
        problems.add(new Problem(path, message));
    }

    boolean required(String path, Object value) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            fail(path, "is required");
            return false;
        }
        return true;
    }

    void matches(String path, String value, Pattern pattern, String rule) {
        if (value != null && !pattern.matcher(value).matches()) {
            fail(path, rule + ", was '" + value + "'");
        }
    }

    void oneOf(String path, String value, Collection<String> allowed) {
        if (value != null && !allowed.contains(value)) {
            fail(path, "must be one of " + String.join(", ", allowed) + ", was '" + value + "'");
        }
    }

    void atLeast(String path, Number value, long min) {
        if (value != null && value.longValue() < min) {
            fail(path, "must be at least " + min + ", was " + value);
        }
    }

    void rate(String path, Double value) {
        if (value != null && (value < 0 || value > 1 || value.isNaN())) {
            fail(path, "must be between 0 and 1, was " + value);
        }
    }

    /** An ISO-8601 duration such as {@code PT60S}, not negative. */
    Duration duration(String path, String value) {
        if (value == null) {
            return null;
        }
        try {
            Duration d = Duration.parse(value);
            if (d.isNegative()) {
                fail(path, "must not be negative, was " + value);
                return null;
            }
            return d;
        } catch (DateTimeParseException e) {
            fail(path, "must be an ISO-8601 duration such as PT60S, was '" + value + "'");
            return null;
        }
    }

    void instant(String path, String value) {
        if (value == null) {
            return;
        }
        try {
            Instant.parse(value);
        } catch (DateTimeParseException e) {
            fail(path, "must be an ISO-8601 instant such as 2026-05-01T10:00:00Z, was '" + value + "'");
        }
    }

    /** Reports the second and later occurrences of a name. */
    static final class Unique {
        private final Set<String> seen = new HashSet<>();
        private final Checks checks;
        private final String what;

        Unique(Checks checks, String what) {
            this.checks = checks;
            this.what = what;
        }

        void add(String path, String name) {
            if (name != null && !seen.add(name)) {
                checks.fail(path, "duplicate " + what + " '" + name + "'");
            }
        }
    }
}
