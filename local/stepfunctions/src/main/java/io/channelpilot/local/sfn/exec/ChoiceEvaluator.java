package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.ChoiceOperator;
import io.channelpilot.local.sfn.asl.ChoiceRule;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;
import io.channelpilot.local.sfn.json.Timestamps;
import java.time.Instant;
import java.util.Optional;

/**
 * Decides a Choice state's next state. "The interpreter attempts pattern-matches against the top-level Choice Rules in
 * array order and transitions to the state specified in the Next field on the first Choice Rule where there is an
 * exact match" (ASL spec, Choice State). A comparison whose types differ is false ("a comparison of values of
 * different types ... evaluates to false").
 */
final class ChoiceEvaluator {

    private ChoiceEvaluator() {
    }

    static String next(StateDef.Choice choice, JsonNode input, JsonNode context) {
        for (ChoiceRule.Branch branch : choice.choices()) {
            if (matches(branch.rule(), input, context, choice.name())) {
                return branch.next();
            }
        }
        if (choice.defaultNext() != null) {
            return choice.defaultNext();
        }
        // "If no choice is matched, the error is reported with the States.Runtime error name" (Error names,
        // States.NoChoiceMatched is reserved for future use).
        throw StatesFailure.runtime("An error occurred while executing the state '" + choice.name()
                + "'. No Choice Rule matched and no Default is specified (States.NoChoiceMatched)");
    }

    static boolean matches(ChoiceRule rule, JsonNode input, JsonNode context, String state) {
        if (rule instanceof ChoiceRule.And and) {
            return and.rules().stream().allMatch(r -> matches(r, input, context, state));
        }
        if (rule instanceof ChoiceRule.Or or) {
            return or.rules().stream().anyMatch(r -> matches(r, input, context, state));
        }
        if (rule instanceof ChoiceRule.Not not) {
            return !matches(not.rule(), input, context, state);
        }
        return compare((ChoiceRule.Comparison) rule, input, context, state);
    }

    private static boolean compare(ChoiceRule.Comparison c, JsonNode input, JsonNode context, String state) {
        Optional<JsonNode> found = JsonPaths.find(c.variable(), input, context);
        if (c.operator() == ChoiceOperator.IS_PRESENT) {
            return found.isPresent() == c.operand().booleanValue();
        }
        JsonNode value = found.orElseThrow(() -> StatesFailure.runtime("An error occurred while executing the state '"
                + state + "'. Invalid path '" + c.variable() + "': The choice state's condition path references an "
                + "invalid value."));
        JsonNode operand = c.operand();
        if (c.operandIsPath()) {
            operand = JsonPaths.find(operand.textValue(), input, context).orElseThrow(() -> StatesFailure.runtime(
                    "An error occurred while executing the state '" + state + "'. Invalid path '" + c.operand().textValue()
                            + "' in " + c.operator().field() + "Path: no results in " + Json.write(input)));
        }
        return switch (c.operator().kind()) {
            case TYPE_TEST -> typeTest(c.operator(), value) == c.operand().booleanValue();
            case STRING -> value.isTextual() && operand.isTextual()
                    && order(c.operator(), value.textValue().compareTo(operand.textValue()));
            case NUMERIC -> value.isNumber() && operand.isNumber()
                    && order(c.operator(), value.decimalValue().compareTo(operand.decimalValue()));
            case BOOLEAN -> value.isBoolean() && operand.isBoolean() && value.booleanValue() == operand.booleanValue();
            case TIMESTAMP -> timestamps(c.operator(), value, operand);
            case MATCHES -> value.isTextual() && StringMatcher.matches(operand.textValue(), value.textValue());
        };
    }

    private static boolean timestamps(ChoiceOperator op, JsonNode value, JsonNode operand) {
        if (!value.isTextual() || !operand.isTextual()) {
            return false;
        }
        Optional<Instant> left = Timestamps.parse(value.textValue());
        Optional<Instant> right = Timestamps.parse(operand.textValue());
        return left.isPresent() && right.isPresent() && order(op, left.get().compareTo(right.get()));
    }

    private static boolean typeTest(ChoiceOperator op, JsonNode value) {
        return switch (op) {
            case IS_NULL -> value.isNull();
            case IS_NUMERIC -> value.isNumber();
            case IS_STRING -> value.isTextual();
            case IS_BOOLEAN -> value.isBoolean();
            case IS_TIMESTAMP -> value.isTextual() && Timestamps.parse(value.textValue()).isPresent();
            default -> throw new IllegalStateException("not a type test: " + op);
        };
    }

    private static boolean order(ChoiceOperator op, int cmp) {
        String name = op.field();
        if (name.endsWith("LessThanEquals")) {
            return cmp <= 0;
        }
        if (name.endsWith("GreaterThanEquals")) {
            return cmp >= 0;
        }
        if (name.endsWith("LessThan")) {
            return cmp < 0;
        }
        if (name.endsWith("GreaterThan")) {
            return cmp > 0;
        }
        return cmp == 0;
    }
}
