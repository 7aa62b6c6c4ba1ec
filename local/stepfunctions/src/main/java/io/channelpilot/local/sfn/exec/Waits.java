package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;
import io.channelpilot.local.sfn.json.Timestamps;
import java.time.Duration;
import java.time.Instant;

/**
 * Wait: "A Wait state causes the interpreter to delay the machine from continuing for a specified time. The time can
 * be specified as a wait duration, specified in seconds, or an absolute expiry time, specified as an ISO-8601 extended
 * offset date-time format string" (ASL spec, Wait State). A timestamp in the past does not wait. Waits sleep on the
 * injected Sleeper (virtual clock), never Thread.sleep.
 */
final class Waits {

    private Waits() {
    }

    static void await(StateDef.Wait wait, JsonNode input, ExecutionContext ctx, JsonNode context) {
        Instant now = ctx.runtime().clock().instant();
        Instant until = until(wait, input, context, now);
        ctx.history().record("WaitStateScheduled", wait.name(), Json.object().put("until", Timestamps.format(until)));
        if (until.isAfter(now)) {
            Deadlines.sleep(ctx, Duration.between(now, until));
        }
    }

    private static Instant until(StateDef.Wait wait, JsonNode input, JsonNode context, Instant now) {
        StateDef.WaitFor w = wait.waitFor();
        if (w instanceof StateDef.WaitFor.Seconds s) {
            return now.plusSeconds(s.seconds());
        }
        if (w instanceof StateDef.WaitFor.Timestamp t) {
            return t.timestamp();
        }
        if (w instanceof StateDef.WaitFor.SecondsPath sp) {
            JsonNode value = resolve(sp.path(), "SecondsPath", wait, input, context);
            if (!value.isIntegralNumber() || value.longValue() < 0) {
                throw StatesFailure.runtime("Wait state '" + wait.name() + "': SecondsPath '" + sp.path()
                        + "' must resolve to a non-negative integer, was " + Json.write(value));
            }
            return now.plusSeconds(value.longValue());
        }
        String path = ((StateDef.WaitFor.TimestampPath) w).path();
        JsonNode value = resolve(path, "TimestampPath", wait, input, context);
        return Timestamps.parse(value.isTextual() ? value.textValue() : null).orElseThrow(() -> StatesFailure.runtime(
                "Wait state '" + wait.name() + "': TimestampPath '" + path + "' must resolve to an RFC3339 timestamp, was "
                        + Json.write(value)));
    }

    private static JsonNode resolve(String path, String field, StateDef.Wait wait, JsonNode input, JsonNode context) {
        return JsonPaths.find(path, input, context).orElseThrow(() -> StatesFailure.runtime("Wait state '" + wait.name()
                + "': " + field + " '" + path + "' matched nothing in " + Json.write(input)));
    }
}
