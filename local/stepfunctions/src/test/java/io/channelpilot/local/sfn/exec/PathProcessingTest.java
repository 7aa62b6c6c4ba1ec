package io.channelpilot.local.sfn.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.json.Json;
import org.junit.jupiter.api.Test;

/**
 * Input and output processing. Reference: AWS developer guide, "Processing input and output in Step Functions"
 * (https://docs.aws.amazon.com/step-functions/latest/dg/concepts-input-output-filtering.html) and ASL spec "Filters".
 */
class PathProcessingTest {

    private final Harness h = new Harness();

    @Test
    void shouldApplyInputPathParametersTaskResultSelectorResultPathOutputPathInOrder() {
        // given: each stage leaves a fingerprint the next stage depends on
        h.function("Echo", input -> Json.object().set("seen", input));
        String definition = """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s",
              "InputPath":"$.payload",
              "Parameters":{"fromInputPath.$":"$.value","literal":"x","ctx.$":"$$.State.Name"},
              "ResultSelector":{"echoed.$":"$.seen.fromInputPath","all.$":"$.seen"},
              "ResultPath":"$.result",
              "OutputPath":"$.result",
              "End":true}}}""".formatted(Harness.fn("Echo"));

        // when
        ExecutionDescription d = h.run(definition, "{\"payload\":{\"value\":7},\"other\":1}");

        // then: Parameters saw the InputPath selection; ResultPath merged into the RAW input; OutputPath selected it
        assertThat(d.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(h.requests.get(0).input()).isEqualTo(Json.parse("{\"fromInputPath\":7,\"literal\":\"x\",\"ctx\":\"T\"}"));
        assertThat(d.output()).isEqualTo(Json.parse(
                "{\"echoed\":7,\"all\":{\"fromInputPath\":7,\"literal\":\"x\",\"ctx\":\"T\"}}"));
    }

    @Test
    void shouldCreateIntermediateObjectsWhenResultPathPointsBelowMissingFields() {
        // ASL spec, Filters/ResultPath: "the interpreter creates the intermediate nodes"
        String definition = """
            {"StartAt":"P","States":{"P":{"Type":"Pass","Result":{"v":1},"ResultPath":"$.a.b.c","End":true}}}""";

        ExecutionDescription d = h.run(definition, "{\"x\":1,\"a\":{\"keep\":true}}");

        assertThat(d.output()).isEqualTo(Json.parse("{\"x\":1,\"a\":{\"keep\":true,\"b\":{\"c\":{\"v\":1}}}}"));
    }

    @Test
    void shouldDiscardResultAndKeepInputWhenResultPathIsNull() {
        // ASL spec: "If the value of ResultPath is null, that means that the state's result is discarded"
        h.function("Ignored", input -> Json.object().put("big", "result"));
        String definition = """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","ResultPath":null,"End":true}}}"""
                .formatted(Harness.fn("Ignored"));

        ExecutionDescription d = h.run(definition, "{\"in\":1}");

        assertThat(d.output()).isEqualTo(Json.parse("{\"in\":1}"));
    }

    @Test
    void shouldUseEmptyObjectWhenInputPathOrOutputPathIsNull() {
        // ASL spec: "If the value of InputPath is null ... the effective input for the state is an empty JSON object"
        String definition = """
            {"StartAt":"A","States":{
              "A":{"Type":"Pass","InputPath":null,"ResultPath":"$.r","Next":"B"},
              "B":{"Type":"Pass","OutputPath":null,"End":true}}}""";

        ExecutionDescription d = h.run(definition, "{\"x\":1}");

        assertThat(d.output()).isEqualTo(Json.object());
        assertThat(d.events()).anySatisfy(e -> assertThat(e.details()).isEqualTo(Json.parse("{\"x\":1,\"r\":{}}")));
    }

    @Test
    void shouldFailWithResultPathMatchFailureWhenResultPathCrossesAScalar() {
        // AWS: "States.ResultPathMatchFailure: Step Functions failed to apply a state's ResultPath field"
        String definition = """
            {"StartAt":"P","States":{"P":{"Type":"Pass","Result":1,"ResultPath":"$.a.b","End":true}}}""";

        ExecutionDescription d = h.run(definition, "{\"a\":\"scalar\"}");

        assertThat(d.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(d.error()).isEqualTo("States.ResultPathMatchFailure");
    }

    @Test
    void shouldFailWithStatesRuntimeWhenParametersPathMatchesNothing() {
        // AWS error names: States.ParameterPathFailure is "reserved for future use. Parameter processing errors are
        // reported with the States.Runtime error name"; and States.ALL does not catch States.Runtime.
        String definition = """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","Parameters":{"x.$":"$.missing"},
              "Catch":[{"ErrorEquals":["States.ALL"],"Next":"Caught"}],"End":true},
              "Caught":{"Type":"Succeed"}}}""".formatted(Harness.fn("Never"));

        ExecutionDescription d = h.run(definition, "{}");

        assertThat(d.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(d.error()).isEqualTo("States.Runtime");
        assertThat(d.cause()).contains("$.missing").contains("x.$");
    }

    @Test
    void shouldExposeContextObjectThroughDoubleDollarPaths() {
        // AWS developer guide, "Accessing execution data from the Context object"
        String definition = """
            {"StartAt":"P","States":{"P":{"Type":"Pass","Parameters":{
              "id.$":"$$.Execution.Id","name.$":"$$.Execution.Name","start.$":"$$.Execution.StartTime",
              "input.$":"$$.Execution.Input","role.$":"$$.Execution.RoleArn","state.$":"$$.State.Name",
              "entered.$":"$$.State.EnteredTime","retry.$":"$$.State.RetryCount","sm.$":"$$.StateMachine.Id",
              "smName.$":"$$.StateMachine.Name","nested":{"deep.$":"$.a"}},"End":true}}}""";

        ExecutionDescription d = h.run(definition, "{\"a\":5}");

        assertThat(d.output()).isEqualTo(Json.parse("""
            {"id":"arn:aws:states:us-east-1:123456789012:execution:Test:exec-1","name":"exec-1",
             "start":"2026-01-01T00:00:00.000Z","input":{"a":5},"role":"arn:aws:iam::123456789012:role/sfn",
             "state":"P","entered":"2026-01-01T00:00:00.000Z","retry":0,
             "sm":"arn:aws:states:us-east-1:123456789012:stateMachine:Test","smName":"Test","nested":{"deep":5}}"""));
    }
}
