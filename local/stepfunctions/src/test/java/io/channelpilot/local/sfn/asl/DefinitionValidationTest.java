package io.channelpilot.local.sfn.asl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Load-time validation: unknown or unsupported fields, types and features are rejected with the state and field named,
 * never ignored. References: ASL spec (https://states-language.net/spec.html) sections "States", "Retrying after
 * error", "Fallback states", "Choice Rules"; AWS developer guide "Using JSONata" (QueryLanguage) and "Task" (callbacks).
 */
class DefinitionValidationTest {

    private static final String TASK = "arn:aws:lambda:us-east-1:123456789012:function:F";

    private static DefinitionException reject(String definition) {
        return (DefinitionException) org.assertj.core.api.Assertions.catchThrowable(() -> StateMachineDef.parse(definition));
    }

    private static String oneState(String state) {
        return "{\"StartAt\":\"S\",\"States\":{\"S\":" + state + ",\"Done\":{\"Type\":\"Succeed\"}}}";
    }

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', value = {
        "{'Type':'Pass','Resultt':1,'End':true}|Resultt|is not a valid field here",
        "{'Type':'Task','Resource':'" + TASK + "','HeartbeatSeconds':10,'End':true}|HeartbeatSeconds|callback/activity pattern",
        "{'Type':'Task','Resource':'arn:aws:states:::lambda:invoke.waitForTaskToken','End':true}|Resource|.waitForTaskToken",
        "{'Type':'Task','Resource':'arn:aws:states:us-east-1:1:activity:a','End':true}|Resource|Activities are not supported",
        "{'Type':'Task','Resource':'arn:aws:states:::dynamodb:putItem','End':true}|Resource|unsupported resource",
        "{'Type':'Task','Resource':'arn:aws:states:::aws-sdk:sfn:startExecution.sync','End':true}|Resource|Request Response",
        "{'Type':'Task','Resource':'" + TASK + "','Assign':{'x':1},'End':true}|Assign|workflow variables",
        "{'Type':'Task','Resource':'" + TASK + "','Arguments':{'x':1},'End':true}|Arguments|JSONata-only",
        "{'Type':'Task','Resource':'" + TASK + "','Next':'Done','End':true}|Next|exactly one of",
        "{'Type':'Task','Resource':'" + TASK + "','Next':'Nowhere'}|Next|'Nowhere', which does not exist",
        "{'Type':'Task','Resource':'" + TASK + "','Retry':[{'ErrorEquals':['States.ALL','X']}],'End':true}|Retry[0].ErrorEquals|must appear alone",
        "{'Type':'Task','Resource':'" + TASK + "','Catch':[{'ErrorEquals':['States.ALL'],'Next':'Done'},{'ErrorEquals':['X'],'Next':'Done'}],'End':true}|Catch[0].ErrorEquals|must appear in the last entry",
        "{'Type':'Task','Resource':'" + TASK + "','Retry':[{'ErrorEquals':['States.Bogus']}],'End':true}|Retry[0].ErrorEquals|unknown predefined error name",
        "{'Type':'Task','Resource':'" + TASK + "','Retry':[{'ErrorEquals':['X'],'BackoffRate':0.5}],'End':true}|Retry[0].BackoffRate|>= 1.0",
        "{'Type':'Task','Resource':'" + TASK + "','Retry':[{'ErrorEquals':['X'],'JitterStrategy':'HALF'}],'End':true}|Retry[0].JitterStrategy|FULL or NONE",
        "{'Type':'Task','Resource':'" + TASK + "','Parameters':{'x.$':'not a path'},'End':true}|Parameters|neither a valid Path",
        "{'Type':'Task','Resource':'" + TASK + "','Parameters':{'x.$':'States.Format(1'},'End':true}|Parameters|Invalid intrinsic",
        "{'Type':'Task','Resource':'" + TASK + "','ResultPath':'$.a[*]','End':true}|ResultPath|Reference Path",
        "{'Type':'Wait','Seconds':1,'Timestamp':'2026-01-01T00:00:00Z','End':true}|Timestamp|exactly one of Seconds",
        "{'Type':'Wait','Timestamp':'2026-01-01 00:00:00','End':true}|Timestamp|RFC3339",
        "{'Type':'Choice','Choices':[{'Variable':'$.a','NumericEquals':'1','Next':'Done'}]}|Choices[0].NumericEquals|wrong type",
        "{'Type':'Choice','Choices':[{'Variable':'$.a','StringEquals':'x'}]}|Choices[0].Next|is required",
        "{'Type':'Choice','Choices':[{'Not':{'Variable':'$.a','IsNull':true,'Next':'Done'},'Next':'Done'}]}|Choices[0].Not.Next|nested Choice Rules",
        "{'Type':'Choice','Choices':[{'Condition':'{% true %}','Next':'Done'}]}|Choices[0].Condition|JSONata-only",
        "{'Type':'Fail','Error':'E','ErrorPath':'$.e'}|ErrorPath|must not be combined",
        "{'Type':'Map','ItemProcessor':{'StartAt':'X','States':{'X':{'Type':'Pass','End':true}}},'ItemReader':{'Resource':'arn:aws:states:::s3:listObjectsV2','Parameters':{'Bucket':'b'}},'End':true}|ItemReader|only valid for a Distributed Map",
        "{'Type':'Map','ItemProcessor':{'ProcessorConfig':{'Mode':'DISTRIBUTED'},'StartAt':'X','States':{'X':{'Type':'Pass','End':true}}},'ResultWriter':{},'End':true}|ResultWriter|not implemented",
        "{'Type':'Map','ItemProcessor':{'ProcessorConfig':{'Mode':'DISTRIBUTED'},'StartAt':'X','States':{'X':{'Type':'Pass','End':true}}},'ItemReader':{'Resource':'arn:aws:states:::s3:getObject','Parameters':{'Bucket':'b'}},'End':true}|ItemReader.Resource|only arn:aws:states:::s3:listObjectsV2",
        "{'Type':'Parallel','Branches':[],'End':true}|Branches|non-empty",
        "{'Type':'Bogus','End':true}|Type|unknown state type",
    })
    void shouldRejectNamingStateAndField(String state, String field, String message) {
        DefinitionException e = reject(oneState(state.replace('\'', '"')));

        assertThat(e).as("definition must be rejected").isNotNull();
        assertThat(e.state()).isEqualTo("S");
        assertThat(e.field()).isEqualTo(field);
        assertThat(e.getMessage()).contains("State 'S'").contains(message);
    }

    @Test
    void shouldRejectTransitionsLeavingAMapProcessorNamingTheInnerState() {
        // ASL spec Map/Parallel: states inside "MUST NOT have Next fields that target ... outside"
        DefinitionException e = reject(oneState(("{'Type':'Map','ItemProcessor':{'StartAt':'X','States':{'X':"
                + "{'Type':'Pass','Next':'Done'}}},'Next':'Done'}").replace('\'', '"')));

        assertThat(e.state()).isEqualTo("X");
        assertThat(e.getMessage()).isEqualTo("State 'X', field 'Next': names the state 'Done', which does not exist in this States object");
    }

    @Test
    void shouldRejectJsonataQueryLanguage() {
        assertThatThrownBy(() -> StateMachineDef.parse(
                "{\"QueryLanguage\":\"JSONata\",\"StartAt\":\"S\",\"States\":{\"S\":{\"Type\":\"Succeed\"}}}"))
                .isInstanceOf(DefinitionException.class)
                .hasMessage("State machine, field 'QueryLanguage': only \"JSONPath\" is supported by the local runner, was \"JSONata\"");
    }

    @Test
    void shouldRejectUnreachableStatesAndMissingStartAt() {
        assertThatThrownBy(() -> StateMachineDef.parse(
                "{\"StartAt\":\"A\",\"States\":{\"A\":{\"Type\":\"Succeed\"},\"B\":{\"Type\":\"Succeed\"}}}"))
                .hasMessage("State 'B': is not reachable from StartAt 'A'");
        assertThatThrownBy(() -> StateMachineDef.parse("{\"StartAt\":\"X\",\"States\":{\"A\":{\"Type\":\"Succeed\"}}}"))
                .hasMessageContaining("field 'StartAt': names the state 'X'");
    }

    @Test
    void shouldAcceptAFullFeaturedDefinition() {
        StateMachineDef def = StateMachineDef.parse("""
            {"Comment":"c","StartAt":"T","TimeoutSeconds":300,"QueryLanguage":"JSONPath","States":{
              "T":{"Type":"Task","Resource":"arn:aws:states:::lambda:invoke","Parameters":{"FunctionName":"F","Payload.$":"$"},
                   "ResultSelector":{"p.$":"$.Payload"},"ResultPath":"$.r","TimeoutSeconds":30,
                   "Retry":[{"ErrorEquals":["ChannelNotReady"],"IntervalSeconds":20,"BackoffRate":1.5,"MaxDelaySeconds":120,
                             "MaxAttempts":30,"JitterStrategy":"FULL"}],
                   "Catch":[{"ErrorEquals":["States.ALL"],"ResultPath":"$.error","Next":"F"}],"Next":"M"},
              "M":{"Type":"Map","ItemsPath":"$.items","MaxConcurrency":2,"ItemSelector":{"i.$":"$$.Map.Item.Value"},
                   "ItemProcessor":{"ProcessorConfig":{"Mode":"INLINE"},"StartAt":"P","States":{"P":{"Type":"Pass","End":true}}},
                   "Next":"C"},
              "C":{"Type":"Choice","Choices":[{"Variable":"$.x","IsPresent":true,"Next":"S"}],"Default":"W"},
              "W":{"Type":"Wait","SecondsPath":"$.s","Next":"S"},
              "S":{"Type":"Succeed"},
              "F":{"Type":"Fail","Error":"Failed","CausePath":"$.error.Cause"}}}""");

        assertThat(def.timeoutSeconds()).isEqualTo(300);
        assertThat(def.program().states()).hasSize(6);
        assertThat(def.program().state("T")).isInstanceOf(StateDef.Task.class);
    }
}
