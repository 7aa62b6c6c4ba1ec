package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.json.Json;
import java.util.List;

/**
 * Parallel: "The Parallel State causes the interpreter to execute each branch starting with the state named in its
 * StartAt field, as concurrently as possible, and wait until each branch terminates ... before processing the
 * Parallel State's Next field." Its result is "an array containing one element for each branch", in branch order. "If
 * any branch fails, due to an unhandled error or by transitioning to a Fail state, the entire Parallel State fails and
 * all of its branches are stopped" — with the failing branch's own error (ASL spec, Parallel State).
 */
final class ParallelAction {

    private ParallelAction() {
    }

    static JsonNode run(StateDef.Parallel parallel, JsonNode effective, ExecutionContext ctx) {
        List<Fanout.Outcome> outcomes = Fanout.run(parallel.branches().size(), 0, ctx,
                (index, scope) -> Interpreter.run(parallel.branches().get(index), effective, scope),
                done -> done.stream().anyMatch(Fanout.Outcome::failed));
        ArrayNode result = Json.NODES.arrayNode();
        for (Fanout.Outcome outcome : outcomes) {
            if (outcome.failed()) {
                throw outcome.failure();
            }
        }
        outcomes.forEach(o -> result.add(o.output()));
        return result;
    }
}
