package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.Program;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.asl.Transition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link Program} (a state machine, a Parallel branch or a Map iteration) from StartAt to a terminal state.
 * "The interpreter ... starts at the state named by StartAt, and ... transitions to the state named by Next until it
 * reaches a terminal state" (ASL spec, Transitions). A Fail state or an unhandled error throws
 * {@link io.channelpilot.local.sfn.error.StatesFailure}.
 */
final class Interpreter {

    private static final Logger LOG = LoggerFactory.getLogger(Interpreter.class);

    private Interpreter() {
    }

    static JsonNode run(Program program, JsonNode input, ExecutionContext ctx) {
        String current = program.startAt();
        JsonNode data = input;
        while (true) {
            ctx.cancellation().check();
            Deadlines.check(ctx);
            StateDef state = program.state(current);
            ctx.history().stateEntered(current, data);
            LOG.debug("execution={} state={} entered", ctx.executionArn(), current);
            StepResult result = StateRunner.run(state, data, ctx);
            ctx.history().record("StateExited", current, result.output());
            if (result.transition() instanceof Transition.Next next) {
                current = next.state();
                data = result.output();
            } else {
                return result.output();
            }
        }
    }
}
