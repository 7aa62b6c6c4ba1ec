package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/** A parsed state; one record per ASL state type. Nullable fields are documented on each record. */
public sealed interface StateDef {

    String name();

    IoPaths io();

    /** {@code parameters} and {@code result} are null when absent. */
    record Pass(String name, IoPaths io, Transition transition, PayloadTemplate parameters, JsonNode result,
            ResultPath resultPath) implements StateDef {
    }

    /** {@code timeoutSeconds} is 0 and {@code timeoutSecondsPath} null when absent. */
    record Task(String name, IoPaths io, Transition transition, TaskResource resource, ExecutionFields fields,
            int timeoutSeconds, String timeoutSecondsPath) implements StateDef {
    }

    /** {@code defaultNext} is null when absent. */
    record Choice(String name, IoPaths io, List<ChoiceRule.Branch> choices, String defaultNext) implements StateDef {
        public Choice {
            choices = List.copyOf(choices);
        }
    }

    record Wait(String name, IoPaths io, Transition transition, WaitFor waitFor) implements StateDef {
    }

    record Succeed(String name, IoPaths io) implements StateDef {
    }

    /** Exactly one of each pair (Error/ErrorPath, Cause/CausePath) may be set; all may be null. */
    record Fail(String name, String error, String errorPath, String cause, String causePath) implements StateDef {
        @Override
        public IoPaths io() {
            return IoPaths.DEFAULT;
        }
    }

    record Parallel(String name, IoPaths io, Transition transition, List<Program> branches, ExecutionFields fields)
            implements StateDef {
        public Parallel {
            branches = List.copyOf(branches);
        }
    }

    record Map(String name, IoPaths io, Transition transition, MapConfig config, ExecutionFields fields)
            implements StateDef {
    }

    /** The four ways a Wait state says how long. */
    sealed interface WaitFor {
        record Seconds(long seconds) implements WaitFor {
        }

        record SecondsPath(String path) implements WaitFor {
        }

        record Timestamp(Instant timestamp) implements WaitFor {
        }

        record TimestampPath(String path) implements WaitFor {
        }
    }
}
