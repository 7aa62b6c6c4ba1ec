package io.channelpilot.validate;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.plan.Intent;
import io.channelpilot.validation.Need;
import io.channelpilot.workflow.TaskInputs;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The task input of the {@code Validate} state, parsed: the intent's desired spec, optional declared needs, and the
 * correlation id.
 *
 * <p><b>Input</b> (the Map iteration's state, passed whole by the state machine):
 * <pre>{
 *   "intent": {"clusterArn": "...", "topic": "...", "channelName": "...", "plan": "CREATE", "reason": "...",
 *              "desired": {ChannelSpec JSON: clusterArn, topic, namespace, table, schema {registry, schema},
 *                          format JSON|GSR, partitionColumn, freshnessSeconds, compression ZSTD|SNAPPY,
 *                          infrastructure {tableBucketArn, dlqBucketArn, dlqPrefix, serviceRoleArn, kmsKeyArn, logGroup},
 *                          operations {owner, redrive, repair [canonical rules], paused, managed, approve}},
 *              "fingerprint": "...", "trigger": "..."},
 *   "correlationId": "...",                          optional; defaults to intent.trigger
 *   "needs": ["CDC" | "UPSERTS" | "DELETES" | "SCHEMA_EVOLUTION" | "EXISTING_TABLE" | "BACKFILL"]   optional
 * }</pre>
 * <p><b>Output</b>: the report — {@code clusterArn, topic, channelName, fingerprint, verdict (PASS|FAIL|INCOMPLETE),
 * passed, errors, warnings, unknown, findings[{code, severity, status, message, remediation, alternatives}]};
 * the state machine routes on {@code $.validation.passed}. A malformed input (no intent, no desired spec) is a
 * contract bug and fails the task with {@code InvalidTaskInput}; bytes that are not a JSON object are
 * {@code INPUT_NOT_OBJECT} at {@code $}, as every other handler answers (it reads the stream itself, so the Lambda
 * runtime's serializer never refuses an input before our code runs).
 */
record ValidateCommand(Intent intent, ChannelSpec desired, Set<Need> needs, String correlationId) {

    static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .findAndRegisterModules();

    /** The remediation of every contract error of this input. */
    static final String SHAPE = "Pass the Map iteration's state: {\"intent\":{Intent with desired},\"correlationId\"?:..,"
            + "\"needs\"?:[..]} (events/validate-channel/valid.json).";

    public static ValidateCommand from(Map<String, Object> input) {
        return from(input == null ? null : (JsonNode) MAPPER.valueToTree(input));
    }

    /** The task input as the handler reads it from the stream; not an object is INPUT_NOT_OBJECT at {@code $}. */
    public static ValidateCommand from(JsonNode input) {
        String shape = SHAPE;
        JsonNode root = TaskInputs.object(input, "$", shape);
        Intent intent = TaskInputs.bind(MAPPER, root, "intent", "intent", Intent.class, shape);
        if (intent.desired() == null) {
            throw TaskInputs.missing("intent.desired", "Validate only intents that carry a desired spec (CREATE, "
                    + "UPDATE_FRESHNESS, REPLACE_NEEDS_APPROVAL); plan " + intent.plan() + " has none.");
        }
        Set<Need> needs = EnumSet.noneOf(Need.class);
        JsonNode declared = root.path("needs");
        if (!declared.isMissingNode() && !declared.isNull() && !declared.isArray()) {
            throw TaskInputs.invalid("needs", "is not a list", "Send needs as a list of " + EnumSet.allOf(Need.class) + ".");
        }
        for (int i = 0; i < declared.size(); i++) {
            JsonNode need = declared.get(i);
            try {
                needs.add(Need.valueOf(need.asText("").toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw TaskInputs.invalid("needs[" + i + "]", "is not a known need", "Use one of " + EnumSet.allOf(Need.class) + ".");
            }
        }
        JsonNode correlation = root.path("correlationId");
        return new ValidateCommand(intent, intent.desired(), needs, correlation.isMissingNode() || correlation.isNull()
                ? intent.trigger() : correlation.asText());
    }
}
