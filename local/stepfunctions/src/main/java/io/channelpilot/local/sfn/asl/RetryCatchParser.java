package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.error.ErrorNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Parses and validates "Retry" and "Catch" arrays. */
final class RetryCatchParser {

    private static final Set<String> RETRIER_FIELDS = Set.of("ErrorEquals", "IntervalSeconds", "MaxAttempts",
            "BackoffRate", "MaxDelaySeconds", "JitterStrategy", "Comment");
    private static final Set<String> CATCHER_FIELDS = Set.of("ErrorEquals", "Next", "ResultPath", "Comment");
    /** "MaxDelaySeconds ... A positive integer ... less than 31622401" (AWS developer guide, Retrying after an error). */
    private static final int MAX_DELAY_LIMIT = 31_622_401;

    private RetryCatchParser() {
    }

    static List<Retrier> retry(Fields state) {
        List<Retrier> out = new ArrayList<>();
        List<Fields> entries = entries(state, "Retry");
        for (int i = 0; i < entries.size(); i++) {
            Fields f = entries.get(i);
            f.allowOnly(RETRIER_FIELDS, Map.of());
            List<String> errors = errorEquals(f, i == entries.size() - 1);
            int interval = f.has("IntervalSeconds") ? f.positiveInt("IntervalSeconds") : 1;
            int maxAttempts = f.nonNegativeInt("MaxAttempts", 3);
            double backoff = 2.0;
            if (f.has("BackoffRate")) {
                JsonNode rate = f.node().get("BackoffRate");
                // "BackoffRate ... MUST be greater than or equal to 1.0" (ASL spec, Retrying after error)
                if (!rate.isNumber() || rate.doubleValue() < 1.0) {
                    throw f.error("BackoffRate", "must be a number >= 1.0, was " + rate);
                }
                backoff = rate.doubleValue();
            }
            int maxDelay = f.has("MaxDelaySeconds") ? f.positiveInt("MaxDelaySeconds") : 0;
            if (maxDelay >= MAX_DELAY_LIMIT) {
                throw f.error("MaxDelaySeconds", "must be less than " + MAX_DELAY_LIMIT);
            }
            String jitter = f.has("JitterStrategy") ? f.string("JitterStrategy") : "NONE";
            if (!jitter.equals("FULL") && !jitter.equals("NONE")) {
                throw f.error("JitterStrategy", "must be FULL or NONE, was " + jitter);
            }
            out.add(new Retrier(errors, interval, maxAttempts, backoff, maxDelay, Retrier.Jitter.valueOf(jitter)));
        }
        return out;
    }

    static List<Catcher> catchers(Fields state) {
        List<Catcher> out = new ArrayList<>();
        List<Fields> entries = entries(state, "Catch");
        for (int i = 0; i < entries.size(); i++) {
            Fields f = entries.get(i);
            f.allowOnly(CATCHER_FIELDS, Map.of());
            out.add(new Catcher(errorEquals(f, i == entries.size() - 1), f.string("Next"), f.resultPath("ResultPath")));
        }
        return out;
    }

    private static List<Fields> entries(Fields state, String field) {
        List<Fields> out = new ArrayList<>();
        if (!state.has(field)) {
            return out;
        }
        JsonNode array = state.node().get(field);
        if (!array.isArray()) {
            throw state.error(field, "must be an array");
        }
        for (int i = 0; i < array.size(); i++) {
            if (!array.get(i).isObject()) {
                throw state.error(field + "[" + i + "]", "must be an object");
            }
            out.add(new Fields(state.state(), array.get(i), field + "[" + i + "]."));
        }
        return out;
    }

    /**
     * "The reserved name States.ALL in a Retrier's/Catcher's ErrorEquals field is a wildcard and matches any Error
     * Name. Such a value MUST appear alone in the ErrorEquals array and MUST appear in the last Retrier/Catcher"
     * (ASL spec, Retrying after error / Fallback states).
     */
    private static List<String> errorEquals(Fields f, boolean last) {
        List<String> errors = f.stringList("ErrorEquals");
        if (errors.contains(ErrorNames.ALL)) {
            if (errors.size() > 1) {
                throw f.error("ErrorEquals", "States.ALL must appear alone in ErrorEquals");
            }
            if (!last) {
                throw f.error("ErrorEquals", "States.ALL must appear in the last entry");
            }
        }
        for (String name : errors) {
            if (name.startsWith("States.") && !ErrorNames.PREDEFINED.contains(name)) {
                throw f.error("ErrorEquals", "unknown predefined error name " + name
                        + " (\"Error names ... can't begin with the States. prefix\")");
            }
        }
        return errors;
    }
}
