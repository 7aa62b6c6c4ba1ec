package io.channelpilot.local.world.eventbridge;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An EventBridge rule's {@code ScheduleExpression} ("Creating a rule that runs on a schedule", EventBridge User
 * Guide): {@code rate(value unit)} with unit minute(s)/hour(s)/day(s) (singular for 1), or {@code cron(minutes hours
 * day-of-month month day-of-week year)} in UTC, where exactly one of day-of-month/day-of-week is {@code ?}. Supported
 * cron syntax: {@code *}, {@code ?}, numbers, {@code a-b}, {@code a,b}, {@code x/n}, month names JAN-DEC and day names
 * SUN-SAT (1 = Sunday). The {@code L}, {@code W} and {@code #} wildcards are refused with a coded error.
 */
public sealed interface ScheduleExpression {

    /** The first firing strictly after {@code after}; {@code anchor} is when the rule was created (rate schedules). */
    Instant nextAfter(Instant after, Instant anchor);

    static ScheduleExpression parse(String expression) {
        String e = expression == null ? "" : expression.trim();
        if (e.startsWith("rate(") && e.endsWith(")")) {
            return Rate.parse(e, e.substring(5, e.length() - 1).trim());
        }
        if (e.startsWith("cron(") && e.endsWith(")")) {
            return Cron.parse(e, e.substring(5, e.length() - 1).trim());
        }
        throw invalid(e, "expected rate(value unit) or cron(minutes hours day-of-month month day-of-week year)");
    }

    private static IllegalArgumentException invalid(String expression, String why) {
        return new IllegalArgumentException("SCHEDULE_EXPRESSION_INVALID: '" + expression + "': " + why
                + ". Remediation: use an EventBridge rate() or cron() expression (EventBridge User Guide, schedule"
                + " expressions).");
    }

    /** {@code rate(value unit)}: fires at anchor + k × period, k ≥ 1. */
    record Rate(Duration period) implements ScheduleExpression {
        private static final Pattern FORM = Pattern.compile("([0-9]+) (minute|minutes|hour|hours|day|days)");

        static Rate parse(String expression, String body) {
            Matcher m = FORM.matcher(body);
            if (!m.matches()) {
                throw invalid(expression, "rate needs 'value unit' with unit minute(s), hour(s) or day(s)");
            }
            long value = Long.parseLong(m.group(1));
            String unit = m.group(2);
            if (value < 1 || (value == 1) != !unit.endsWith("s")) {
                throw invalid(expression, "the value must be positive, the unit singular for 1 and plural otherwise");
            }
            ChronoUnit u = unit.startsWith("minute") ? ChronoUnit.MINUTES : unit.startsWith("hour") ? ChronoUnit.HOURS
                    : ChronoUnit.DAYS;
            return new Rate(u.getDuration().multipliedBy(value));
        }

        @Override
        public Instant nextAfter(Instant after, Instant anchor) {
            if (after.isBefore(anchor)) {
                return anchor.plus(period);
            }
            long periods = Duration.between(anchor, after).toMillis() / period.toMillis() + 1;
            return anchor.plus(period.multipliedBy(periods));
        }
    }

    /** {@code cron(...)} in UTC, minute resolution. */
    record Cron(BitSet minutes, BitSet hours, BitSet daysOfMonth, BitSet months, BitSet daysOfWeek, BitSet years,
                boolean anyDayOfMonth, boolean anyDayOfWeek) implements ScheduleExpression {

        private static final List<String> MONTHS = List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG",
                "SEP", "OCT", "NOV", "DEC");
        private static final List<String> DAYS = List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT");
        private static final int LAST_YEAR = 2199;

        static Cron parse(String expression, String body) {
            String[] f = body.split("\\s+");
            if (f.length != 6) {
                throw invalid(expression, "cron needs 6 fields (minutes hours day-of-month month day-of-week year)");
            }
            boolean domAny = f[2].equals("?");
            boolean dowAny = f[4].equals("?");
            if (domAny == dowAny) {
                throw invalid(expression, "exactly one of day-of-month and day-of-week must be '?'");
            }
            return new Cron(field(expression, f[0], 0, 59, List.of(), 0), field(expression, f[1], 0, 23, List.of(), 0),
                    domAny ? null : field(expression, f[2], 1, 31, List.of(), 0),
                    field(expression, f[3], 1, 12, MONTHS, 1),
                    dowAny ? null : field(expression, f[4], 1, 7, DAYS, 1),
                    field(expression, f[5], 1970, LAST_YEAR, List.of(), 0), domAny, dowAny);
        }

        private static BitSet field(String expression, String text, int min, int max, List<String> names, int nameBase) {
            BitSet out = new BitSet();
            for (String part : text.split(",", -1)) {
                String range = part;
                int step = 1;
                int slash = part.indexOf('/');
                if (slash >= 0) {
                    range = part.substring(0, slash);
                    step = number(expression, part.substring(slash + 1), 1, max, List.of(), 0);
                }
                int from;
                int to;
                if (range.equals("*")) {
                    from = min;
                    to = max;
                } else if (range.contains("-")) {
                    String[] ab = range.split("-", -1);
                    if (ab.length != 2) {
                        throw invalid(expression, "bad range '" + range + "'");
                    }
                    from = number(expression, ab[0], min, max, names, nameBase);
                    to = number(expression, ab[1], min, max, names, nameBase);
                } else {
                    from = number(expression, range, min, max, names, nameBase);
                    to = slash >= 0 ? max : from;
                }
                if (from > to) {
                    throw invalid(expression, "range '" + range + "' runs backwards");
                }
                for (int v = from; v <= to; v += step) {
                    out.set(v);
                }
            }
            return out;
        }

        private static int number(String expression, String text, int min, int max, List<String> names, int nameBase) {
            int named = names.indexOf(text.toUpperCase(Locale.ROOT));
            if (named >= 0) {
                return named + nameBase;
            }
            if (!text.matches("[0-9]{1,4}")) {
                throw invalid(expression, "'" + text + "' is not supported here (L, W and # are not emulated)");
            }
            int v = Integer.parseInt(text);
            if (v < min || v > max) {
                throw invalid(expression, v + " is outside " + min + "-" + max);
            }
            return v;
        }

        @Override
        public Instant nextAfter(Instant after, Instant anchor) {
            ZonedDateTime t = after.atZone(ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
            while (t.getYear() <= LAST_YEAR) {
                if (!years.get(t.getYear())) {
                    t = ZonedDateTime.of(t.getYear() + 1, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
                } else if (!months.get(t.getMonthValue())) {
                    t = t.withDayOfMonth(1).truncatedTo(ChronoUnit.DAYS).plusMonths(1);
                } else if (!dayMatches(t.toLocalDate())) {
                    t = t.truncatedTo(ChronoUnit.DAYS).plusDays(1);
                } else if (!hours.get(t.getHour())) {
                    t = t.truncatedTo(ChronoUnit.HOURS).plusHours(1);
                } else if (!minutes.get(t.getMinute())) {
                    t = t.plusMinutes(1);
                } else {
                    return t.toInstant();
                }
            }
            return Instant.MAX;
        }

        private boolean dayMatches(LocalDate d) {
            if (anyDayOfMonth) {
                DayOfWeek w = d.getDayOfWeek();
                return daysOfWeek.get(w == DayOfWeek.SUNDAY ? 1 : w.getValue() + 1);
            }
            return daysOfMonth.get(d.getDayOfMonth());
        }
    }
}
