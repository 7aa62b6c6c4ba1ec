package io.channelpilot.local.sfn.asl;

import io.channelpilot.local.sfn.json.JsonPaths;
import io.channelpilot.local.sfn.json.Timestamps;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Parses one state by its "Type", allowing exactly the fields the ASL spec allows for that type. */
final class StateParser {

    /** Fields the runner knows but does not implement, with the reason; never silently ignored. */
    static final Map<String, String> UNSUPPORTED = Map.of(
            "QueryLanguage", "only the JSONPath query language is implemented",
            "Assign", "workflow variables are not implemented",
            "Arguments", "JSONata-only field (use Parameters)",
            "Output", "JSONata-only field (use OutputPath/ResultSelector)",
            "HeartbeatSeconds", "heartbeats need the callback/activity pattern, which is not implemented",
            "HeartbeatSecondsPath", "heartbeats need the callback/activity pattern, which is not implemented",
            "Credentials", "cross-account task credentials are not implemented",
            "ResultWriter", "Distributed Map ResultWriter is not implemented; results are returned inline",
            "Items", "JSONata-only field (use ItemsPath)");

    private static final Set<String> COMMON = Set.of("Type", "Comment", "InputPath", "OutputPath");
    private static final Set<String> EXECUTION = Set.of("Parameters", "ResultSelector", "ResultPath", "Retry", "Catch");

    private StateParser() {
    }

    static StateDef parse(String name, Fields f) {
        if (f.has("QueryLanguage") && "JSONPath".equals(f.node().get("QueryLanguage").asText())) {
            throw f.error("QueryLanguage", "set the query language once at the top level (only JSONPath is supported)");
        }
        String type = f.string("Type");
        return switch (type) {
            case "Pass" -> pass(name, f);
            case "Task" -> task(name, f);
            case "Choice" -> choice(name, f);
            case "Wait" -> waitState(name, f);
            case "Succeed" -> {
                f.allowOnly(COMMON, UNSUPPORTED);
                yield new StateDef.Succeed(name, io(f));
            }
            case "Fail" -> fail(name, f);
            case "Parallel" -> parallel(name, f);
            case "Map" -> MapParser.parse(name, f);
            default -> throw f.error("Type", "unknown state type '" + type + "'");
        };
    }

    static Set<String> fields(Set<String> extra, boolean execution, boolean transition) {
        Set<String> all = new HashSet<>(COMMON);
        all.addAll(extra);
        if (execution) {
            all.addAll(EXECUTION);
        }
        if (transition) {
            all.add("Next");
            all.add("End");
        }
        return all;
    }

    static IoPaths io(Fields f) {
        return new IoPaths(f.path("InputPath", "$", true), f.path("OutputPath", "$", true));
    }

    static ExecutionFields execution(Fields f) {
        return new ExecutionFields(f.template("Parameters"), f.template("ResultSelector"), f.resultPath("ResultPath"),
                RetryCatchParser.retry(f), RetryCatchParser.catchers(f));
    }

    private static StateDef pass(String name, Fields f) {
        f.allowOnly(fields(Set.of("Parameters", "Result", "ResultPath"), false, true), UNSUPPORTED);
        return new StateDef.Pass(name, io(f), f.transition(), f.template("Parameters"),
                f.has("Result") ? f.node().get("Result") : null, f.resultPath("ResultPath"));
    }

    private static StateDef task(String name, Fields f) {
        f.allowOnly(fields(Set.of("Resource", "TimeoutSeconds", "TimeoutSecondsPath"), true, true), UNSUPPORTED);
        if (f.has("TimeoutSeconds") && f.has("TimeoutSecondsPath")) {
            throw f.error("TimeoutSecondsPath", "must not be combined with TimeoutSeconds");
        }
        int timeout = f.has("TimeoutSeconds") ? f.positiveInt("TimeoutSeconds") : 0;
        return new StateDef.Task(name, io(f), f.transition(), ResourceParser.parse(f), execution(f), timeout,
                f.path("TimeoutSecondsPath", null, false));
    }

    private static StateDef choice(String name, Fields f) {
        f.allowOnly(fields(Set.of("Choices", "Default"), false, false), UNSUPPORTED);
        return new StateDef.Choice(name, io(f), ChoiceRuleParser.branches(f), f.optionalString("Default"));
    }

    /** "A Wait state MUST contain exactly one of Seconds, SecondsPath, Timestamp, or TimestampPath." */
    private static StateDef waitState(String name, Fields f) {
        Set<String> kinds = Set.of("Seconds", "SecondsPath", "Timestamp", "TimestampPath");
        f.allowOnly(fields(kinds, false, true), UNSUPPORTED);
        List<String> present = kinds.stream().filter(f::has).sorted().toList();
        if (present.size() != 1) {
            throw f.error(present.isEmpty() ? "Seconds" : present.get(1),
                    "exactly one of Seconds, SecondsPath, Timestamp or TimestampPath is required, found " + present);
        }
        StateDef.WaitFor waitFor = switch (present.get(0)) {
            case "Seconds" -> new StateDef.WaitFor.Seconds(f.nonNegativeInt("Seconds", 0));
            case "SecondsPath" -> new StateDef.WaitFor.SecondsPath(f.path("SecondsPath", null, false));
            case "Timestamp" -> new StateDef.WaitFor.Timestamp(Timestamps.parse(f.string("Timestamp"))
                    .orElseThrow(() -> f.error("Timestamp", "must be an RFC3339 timestamp with uppercase T and Z")));
            default -> new StateDef.WaitFor.TimestampPath(f.path("TimestampPath", null, false));
        };
        return new StateDef.Wait(name, io(f), f.transition(), waitFor);
    }

    private static StateDef fail(String name, Fields f) {
        f.allowOnly(Set.of("Type", "Comment", "Error", "ErrorPath", "Cause", "CausePath"), UNSUPPORTED);
        for (String[] pair : new String[][] {{"Error", "ErrorPath"}, {"Cause", "CausePath"}}) {
            if (f.has(pair[0]) && f.has(pair[1])) {
                throw f.error(pair[1], "must not be combined with " + pair[0]);
            }
        }
        return new StateDef.Fail(name, f.optionalString("Error"), dynamicString(f, "ErrorPath"),
                f.optionalString("Cause"), dynamicString(f, "CausePath"));
    }

    /** ErrorPath/CausePath: "a reference path or an intrinsic function" (AWS developer guide, Fail state). */
    private static String dynamicString(Fields f, String field) {
        String value = f.optionalString(field);
        if (value == null || value.startsWith("States.")) {
            if (value != null) {
                try {
                    io.channelpilot.local.sfn.intrinsic.IntrinsicParser.parse(value);
                } catch (IllegalArgumentException e) {
                    throw f.error(field, e.getMessage());
                }
            }
            return value;
        }
        if (!JsonPaths.isValid(value)) {
            throw f.error(field, "must be a Path or an intrinsic function, was " + value);
        }
        return value;
    }

    private static StateDef parallel(String name, Fields f) {
        f.allowOnly(fields(Set.of("Branches"), true, true), UNSUPPORTED);
        var branches = f.node().get("Branches");
        if (branches == null || !branches.isArray() || branches.isEmpty()) {
            throw f.error("Branches", "must be a non-empty array");
        }
        List<Program> programs = new java.util.ArrayList<>();
        for (int i = 0; i < branches.size(); i++) {
            programs.add(DefinitionParser.program(new Fields(name, branches.get(i), "Branches[" + i + "].")));
        }
        return new StateDef.Parallel(name, io(f), f.transition(), programs, execution(f));
    }
}
