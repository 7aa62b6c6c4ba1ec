package io.channelpilot.local.sfn.error;

import java.util.List;
import java.util.Set;

/**
 * The predefined error names (ASL spec Appendix A; AWS developer guide "Error names") and how Retry/Catch treat them.
 */
public final class ErrorNames {

    /** "A wildcard that matches any known error name." */
    public static final String ALL = "States.ALL";
    /** "Reported when ... the output of a state is larger than payload size quota" — a terminal error. */
    public static final String DATA_LIMIT_EXCEEDED = "States.DataLimitExceeded";
    /** "A Map state failed because the number of failed items exceeded the threshold". */
    public static final String EXCEED_TOLERATED_FAILURE_THRESHOLD = "States.ExceedToleratedFailureThreshold";
    public static final String HEARTBEAT_TIMEOUT = "States.HeartbeatTimeout";
    /** "Reserved for future use. Intrinsic function processing errors are reported with the States.Runtime error name." */
    public static final String INTRINSIC_FAILURE = "States.IntrinsicFailure";
    /** "A Map state failed because it was unable to read from the item source specified in the ItemReader field." */
    public static final String ITEM_READER_FAILED = "States.ItemReaderFailed";
    /** "Reserved for future use. If no choice is matched, the error is reported with the States.Runtime error name." */
    public static final String NO_CHOICE_MATCHED = "States.NoChoiceMatched";
    /** "Reserved for future use. Parameter processing errors are reported with the States.Runtime error name." */
    public static final String PARAMETER_PATH_FAILURE = "States.ParameterPathFailure";
    /** "A Task state failed because it had insufficient privileges to execute the specified code." */
    public static final String PERMISSIONS = "States.Permissions";
    /** "Step Functions failed to apply a state's ResultPath field to the input the state received." */
    public static final String RESULT_PATH_MATCH_FAILURE = "States.ResultPathMatchFailure";
    /** "An execution failed due to some exception that it couldn't process." Neither retried nor caught. */
    public static final String RUNTIME = "States.Runtime";
    /** "A Task state failed during the execution" — as a matcher, any error except States.Timeout. */
    public static final String TASK_FAILED = "States.TaskFailed";
    /** "A Task state either ran longer than the TimeoutSeconds value, or failed to send a heartbeat ..." */
    public static final String TIMEOUT = "States.Timeout";
    /** "A branch of a Parallel state failed." AWS propagates the branch's own error name instead (see docs). */
    public static final String BRANCH_FAILED = "States.BranchFailed";

    /** Every {@code States.*} name a definition may list in ErrorEquals. */
    public static final Set<String> PREDEFINED = Set.of(ALL, DATA_LIMIT_EXCEEDED, EXCEED_TOLERATED_FAILURE_THRESHOLD,
            HEARTBEAT_TIMEOUT, INTRINSIC_FAILURE, ITEM_READER_FAILED, NO_CHOICE_MATCHED, PARAMETER_PATH_FAILURE,
            PERMISSIONS, RESULT_PATH_MATCH_FAILURE, RUNTIME, TASK_FAILED, TIMEOUT, BRANCH_FAILED,
            "States.Http.Socket", "States.QueryEvaluationError", "States.ResultWriterFailed");

    private ErrorNames() {
    }

    static boolean isRetryable(String name) {
        return !RUNTIME.equals(name) && !DATA_LIMIT_EXCEEDED.equals(name);
    }

    static boolean isCatchable(String name) {
        return isRetryable(name);
    }

    /**
     * Whether a Retrier's or Catcher's ErrorEquals list matches {@code error}.
     * <p>"States.ALL ... can't catch the States.DataLimitExceeded terminal error or Runtime error types."
     * <p>"States.TaskFailed ... acts as a wildcard that matches any known error name except for States.Timeout."
     */
    public static boolean matches(List<String> errorEquals, StatesError error) {
        if (!error.isCatchable()) {
            return false;
        }
        for (String candidate : errorEquals) {
            if (candidate.equals(ALL) || candidate.equals(error.name())) {
                return true;
            }
            if (candidate.equals(TASK_FAILED) && !error.name().equals(TIMEOUT)) {
                return true;
            }
        }
        return false;
    }
}
