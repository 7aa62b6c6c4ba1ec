package io.channelpilot.workflow;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The JSON mapper of the workflow's task inputs and outputs (provision, poll, notify and alarm steps): java.time as
 * ISO-8601, unknown members ignored, because each step's output is owned by another function. Shared, not built per
 * caller: a handler and its status recorder then introspect each record type and build its (de)serializers once per
 * cold start instead of once per mapper. Callers must not reconfigure it.
 */
public final class WorkflowJson {

    private WorkflowJson() {
    }

    public static ObjectMapper mapper() {
        return Holder.INSTANCE;
    }

    /** Built on first use (class initialisation is thread-safe), configured once, then only read. */
    private static final class Holder {
        static final ObjectMapper INSTANCE = new ObjectMapper().registerModule(new JavaTimeModule())
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    }
}
