package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.error.ErrorNames;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;

/** The payload quota: "The maximum input or output size for a task, state, or execution: 256 KiB" (service quotas). */
final class Payloads {

    static final int MAX_BYTES = 262_144;

    private Payloads() {
    }

    static void checkSize(JsonNode payload, String state, String what) {
        int size = Json.sizeInBytes(payload);
        if (size > MAX_BYTES) {
            throw StatesFailure.of(ErrorNames.DATA_LIMIT_EXCEEDED, "The state/task '" + state + "' returned a " + what
                    + " of " + size + " bytes, which exceeds the maximum of " + MAX_BYTES + " bytes");
        }
    }

    /** StartExecution refuses an oversized input with InvalidExecutionInput. */
    static void checkSizeForApi(JsonNode input) {
        if (Json.sizeInBytes(input) > MAX_BYTES) {
            throw new SfnServiceException("InvalidExecutionInput", "input exceeds " + MAX_BYTES + " bytes");
        }
    }
}
