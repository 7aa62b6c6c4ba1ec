package io.channelpilot.local.sfn.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.Fixtures;
import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SAM template reading. References: CloudFormation "Intrinsic function reference" (short forms), SAM
 * "AWS::Serverless::StateMachine" DefinitionSubstitutions, SAM "Globals".
 */
class SamTemplateTest {

    private final SamTemplate template = SamTemplate.load(Fixtures.path("template.yaml"));

    @Test
    void shouldTurnEveryShortFormTagIntoItsLongForm() {
        JsonNode parsed = CfnYaml.parse("""
            a: !Ref X
            b: !GetAtt Fn.Arn
            c: !Sub 'x-${Y}'
            d: !If [C, 1, 2]
            e: !Join [',', [a, b]]
            f: !Select [0, !Split [',', 'a,b']]
            g: !Equals [a, b]
            h: !Not [!Condition C]
            i: !And [!Or [true, false], true]
            j: !FindInMap [M, k1, k2]
            k: !ImportValue other-stack-output
            l: !Base64 abc
            m: !Cidr [10.0.0.0/16, 4, 8]
            n: !GetAZs ''
            o: !Sub ['${A}', {A: v}]
            p: 2012-10-17
            """);

        assertThat(parsed).isEqualTo(Json.parse("""
            {"a":{"Ref":"X"},"b":{"Fn::GetAtt":["Fn","Arn"]},"c":{"Fn::Sub":"x-${Y}"},"d":{"Fn::If":["C",1,2]},
             "e":{"Fn::Join":[",",["a","b"]]},"f":{"Fn::Select":[0,{"Fn::Split":[",","a,b"]}]},"g":{"Fn::Equals":["a","b"]},
             "h":{"Fn::Not":[{"Condition":"C"}]},"i":{"Fn::And":[{"Fn::Or":[true,false]},true]},
             "j":{"Fn::FindInMap":["M","k1","k2"]},"k":{"Fn::ImportValue":"other-stack-output"},"l":{"Fn::Base64":"abc"},
             "m":{"Fn::Cidr":["10.0.0.0/16",4,8]},"n":{"Fn::GetAZs":""},"o":{"Fn::Sub":["${A}",{"A":"v"}]},"p":"2012-10-17"}"""));
    }

    @Test
    void shouldListFunctionsWithGlobalsMergedAndEnvironmentResolved() {
        FunctionResource resolve = template.function("ResolveIntentsFunction").orElseThrow();

        assertThat(resolve.handler()).isEqualTo("io.channelpilot.local.sfn.fixture.ResolveIntentsHandler::handleRequest");
        assertThat(resolve.codeUri()).isEqualTo("functions/resolve-intents");
        assertThat(resolve.runtime()).isEqualTo("java21");
        assertThat(resolve.environment()).isEqualTo(Map.of("STAGE", "dev", "TABLE_NAME", "channel-pilot-state",
                "DEFAULT_FRESHNESS", "600", "TOPIC_ARN", "arn:aws:sns:us-east-1:123456789012:NotificationsTopic",
                "MODE", "relaxed", "GREETING", "hello-dev-us-east-1-${Literal}"));
        assertThat(template.function("PollChannelFunction").orElseThrow().codeUri()).isEqualTo("functions/shared");
        assertThat(template.functions()).extracting(FunctionResource::logicalId).containsExactly(
                "ResolveIntentsFunction", "PollChannelFunction", "RespondToAlarmFunction", "ReconcileFunction");
    }

    @Test
    void shouldApplyParameterOverridesAndConditions() {
        SamTemplate prod = SamTemplate.load(Fixtures.path("template.yaml"), Map.of("Stage", "prod"), "eu-west-1", "111122223333");

        assertThat(prod.function("ResolveIntentsFunction").orElseThrow().environment())
                .containsEntry("MODE", "strict").containsEntry("DEFAULT_FRESHNESS", "300")
                .containsEntry("TOPIC_ARN", "arn:aws:sns:eu-west-1:111122223333:NotificationsTopic");
    }

    @Test
    void shouldSubstituteDefinitionWithLocalArnsNamedByLogicalId() {
        StateMachineResource machine = template.stateMachine("ProvisionStateMachine");

        assertThat(machine.substitutions()).containsEntry("ResolveIntentsArn",
                "arn:aws:lambda:us-east-1:123456789012:function:ResolveIntentsFunction")
                .containsEntry("PollFunctionName", "PollChannelFunction").containsEntry("TableName", "channel-pilot-state");
        StateMachineDef def = StateMachineDef.parse(machine.definition());
        assertThat(def.source().at("/States/ResolveIntents/Resource").asText())
                .isEqualTo("arn:aws:lambda:us-east-1:123456789012:function:ResolveIntentsFunction");
        assertThat(machine.definition()).doesNotContain("${");
    }

    @Test
    void shouldRejectAPlaceholderWithoutSubstitution(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("sm.json"), "{\"StartAt\":\"A\",\"States\":{\"A\":{\"Type\":\"Task\",\"Resource\":\"${Missing}\",\"End\":true}}}");
        Files.writeString(dir.resolve("template.yaml"), """
            Resources:
              M:
                Type: AWS::Serverless::StateMachine
                Properties:
                  DefinitionUri: sm.json
                  DefinitionSubstitutions: {Other: x}
            """);

        assertThatThrownBy(() -> SamTemplate.load(dir.resolve("template.yaml")).stateMachine("M"))
                .isInstanceOf(TemplateException.class)
                .hasMessage("M: the definition uses ${Missing} but DefinitionSubstitutions has no such key (have [Other])");
    }

    @Test
    void shouldReportUnresolvableIntrinsicsWithTheirLocation(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("template.yaml"), """
            Resources:
              F:
                Type: AWS::Serverless::Function
                Properties:
                  Handler: x.Y::handleRequest
                  Environment:
                    Variables:
                      OUT: !ImportValue shared-vpc
            """);

        assertThatThrownBy(() -> SamTemplate.load(dir.resolve("template.yaml")).functions())
                .hasMessage("F.Environment.Variables.OUT: Fn::ImportValue is not resolvable locally (needs a deployed account)");
    }
}
