package io.channelpilot.local.sfn.intrinsic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every intrinsic function, with the examples of the AWS developer guide "Intrinsic functions for JSONPath states"
 * (https://docs.aws.amazon.com/step-functions/latest/dg/intrinsic-functions.html).
 */
class IntrinsicFunctionsTest {

    private static final JsonNode INPUT = Json.parse("""
        {"name":"Ann","n":3,"arr":[1,2,3,4,5,6,7],"dup":[1,2,2,"a","a"],"json":"{\\"a\\":1}",
         "o1":{"a":1,"b":{"x":1}},"o2":{"b":{"y":2},"c":3},"csv":"This.is+a,test=string"}""");
    private static final JsonNode CONTEXT = Json.parse("{\"Execution\":{\"Name\":\"exec-1\"}}");

    private static JsonNode eval(String expression) {
        return IntrinsicFunctions.evaluate(IntrinsicParser.parse(expression), INPUT, CONTEXT, new Random(7));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "States.Format('Hello, my name is {}.', $.name)|\"Hello, my name is Ann.\"",
        "States.Format('{} in \\{braces\\} \\'quoted\\' {}', $.n, $$.Execution.Name)|\"3 in {braces} 'quoted' exec-1\"",
        "States.StringToJson($.json)|{\"a\":1}",
        "States.JsonToString($.o1)|\"{\\\"a\\\":1,\\\"b\\\":{\\\"x\\\":1}}\"",
        "States.Array('Foo', 2020, $.o2.c, null, true)|[\"Foo\",2020,3,null,true]",
        "States.ArrayPartition($.arr, 4)|[[1,2,3,4],[5,6,7]]",
        "States.ArrayContains($.arr, 5)|true",
        "States.ArrayContains($.arr, 9)|false",
        "States.ArrayRange(1, 9, 2)|[1,3,5,7,9]",
        "States.ArrayRange(5, 1, -2)|[5,3,1]",
        "States.ArrayGetItem($.arr, 5)|6",
        "States.ArrayLength($.arr)|7",
        "States.ArrayUnique($.dup)|[1,2,\"a\"]",
        "States.Base64Encode('Data to encode')|\"RGF0YSB0byBlbmNvZGU=\"",
        "States.Base64Decode('RGF0YSB0byBlbmNvZGU=')|\"Data to encode\"",
        "States.Hash('input data', 'SHA-1')|\"aaff4a450a104cd177d28d18d74485e8cae074b7\"",
        "States.Hash('input data', 'MD5')|\"812f45842bc6d66ee14572ce20db8e86\"",
        "States.JsonMerge($.o1, $.o2, false)|{\"a\":1,\"b\":{\"y\":2},\"c\":3}",
        "States.MathAdd(111, -1)|110",
        "States.MathAdd($.n, 2)|5",
        "States.StringSplit($.csv, '.+,=')|[\"This\",\"is\",\"a\",\"test\",\"string\"]",
        "States.ArrayLength(States.Array(States.UUID(), States.Format('{}', States.MathAdd(1, 2))))|2",
    })
    void shouldEvaluateIntrinsic(String expression, String expected) {
        assertThat(eval(expression)).isEqualTo(Json.parse(expected));
    }

    @Test
    void shouldDrawMathRandomInHalfOpenRangeAndRepeatWithSeed() {
        JsonNode seeded = eval("States.MathRandom(1, 999, 1234)");
        assertThat(seeded.asInt()).isBetween(1, 998);
        assertThat(eval("States.MathRandom(1, 999, 1234)")).isEqualTo(seeded);
        assertThat(eval("States.MathRandom(5, 6)").asInt()).isEqualTo(5);
    }

    @Test
    void shouldGenerateVersion4Uuid() {
        assertThat(eval("States.UUID()").textValue()).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    }

    @Test
    void shouldFailWithStatesRuntimeOnBadArguments() {
        // AWS error names: intrinsic processing errors "are reported with the States.Runtime error name"
        assertThatThrownBy(() -> eval("States.ArrayGetItem($.arr, 10)")).isInstanceOf(StatesFailure.class)
                .satisfies(e -> assertThat(((StatesFailure) e).error().name()).isEqualTo("States.Runtime"))
                .hasMessageContaining("out of bounds");
        assertThatThrownBy(() -> eval("States.JsonMerge($.o1, $.o2, true)")).hasMessageContaining("shallow");
        assertThatThrownBy(() -> eval("States.Format('{} {}', 1)")).hasMessageContaining("more {} placeholders");
        assertThatThrownBy(() -> eval("States.Hash('x', 'SHA-2')")).hasMessageContaining("unsupported algorithm");
        assertThatThrownBy(() -> eval("States.MathAdd(2147483647, 1)")).hasMessageContaining("32-bit");
    }

    @Test
    void shouldRejectMalformedCallsAtParseTime() {
        assertThatThrownBy(() -> IntrinsicParser.parse("States.Nope(1)")).hasMessageContaining("unknown intrinsic function 'States.Nope'");
        assertThatThrownBy(() -> IntrinsicParser.parse("States.ArrayLength($.a, 1)")).hasMessageContaining("takes 1 argument(s), got 2");
        assertThatThrownBy(() -> IntrinsicParser.parse("States.Format('unterminated)")).hasMessageContaining("unexpected end");
        assertThatThrownBy(() -> IntrinsicParser.parse("States.UUID() trailing")).hasMessageContaining("unexpected text");
    }
}
