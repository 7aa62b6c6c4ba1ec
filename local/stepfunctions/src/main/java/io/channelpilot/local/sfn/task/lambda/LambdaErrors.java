package io.channelpilot.local.sfn.task.lambda;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;

/**
 * Maps a handler's exception the way the Java Lambda runtime reports it, and Step Functions passes it on: Error = the
 * exception's fully-qualified class name ("errorType"), Cause = the runtime's JSON error document
 * {"errorMessage","errorType","stackTrace":[...]} (plus "cause" for a chained exception).
 */
final class LambdaErrors {

    private LambdaErrors() {
    }

    public static StatesFailure toFailure(Throwable thrown) {
        return StatesFailure.of(thrown.getClass().getName(), Json.write(document(thrown, 0)));
    }

    private static ObjectNode document(Throwable thrown, int depth) {
        ObjectNode doc = Json.object();
        doc.put("errorMessage", thrown.getMessage());
        doc.put("errorType", thrown.getClass().getName());
        ArrayNode trace = doc.putArray("stackTrace");
        for (StackTraceElement element : thrown.getStackTrace()) {
            trace.add(element.toString());
        }
        if (thrown.getCause() != null && thrown.getCause() != thrown && depth < 8) {
            doc.set("cause", document(thrown.getCause(), depth + 1));
        }
        return doc;
    }
}
