package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.JsonPaths;
import io.channelpilot.local.sfn.json.Timestamps;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Parses Choice Rules; validates operand types at load (ASL spec, Choice Rules). */
final class ChoiceRuleParser {

    private ChoiceRuleParser() {
    }

    static List<ChoiceRule.Branch> branches(Fields state) {
        JsonNode choices = state.node().get("Choices");
        if (choices == null || !choices.isArray() || choices.isEmpty()) {
            throw state.error("Choices", "must be a non-empty array (\"A Choice state MUST have a Choices field whose value is a non-empty array\")");
        }
        List<ChoiceRule.Branch> out = new ArrayList<>();
        for (int i = 0; i < choices.size(); i++) {
            Fields rule = new Fields(state.state(), choices.get(i), "Choices[" + i + "].");
            out.add(new ChoiceRule.Branch(rule(rule, true), rule.string("Next")));
        }
        return out;
    }

    /** "Each top-level Choice Rule MUST have a Next field; nested rules MUST NOT." */
    private static ChoiceRule rule(Fields f, boolean topLevel) {
        if (!f.node().isObject()) {
            throw f.error(null, "a Choice Rule must be an object");
        }
        if (!topLevel && f.has("Next")) {
            throw f.error("Next", "nested Choice Rules must not have Next");
        }
        List<String> ops = new ArrayList<>();
        for (Iterator<String> it = f.node().fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!name.equals("Next") && !name.equals("Comment") && !name.equals("Variable")) {
                ops.add(name);
            }
        }
        if (ops.size() != 1) {
            throw f.error(null, "a Choice Rule needs exactly one operator (And, Or, Not or a comparison), found " + ops);
        }
        String op = ops.get(0);
        if (op.equals("Condition") || op.equals("Assign") || op.equals("Output")) {
            throw f.error(op, "is JSONata-only and not supported by the local runner (JSONPath dialect)");
        }
        if (op.equals("And") || op.equals("Or")) {
            return combination(f, op);
        }
        if (op.equals("Not")) {
            requireNoVariable(f, op);
            return new ChoiceRule.Not(rule(f.child("Not"), false));
        }
        return comparison(f, op);
    }

    private static ChoiceRule combination(Fields f, String op) {
        requireNoVariable(f, op);
        JsonNode rules = f.node().get(op);
        if (!rules.isArray() || rules.isEmpty()) {
            throw f.error(op, "must be a non-empty array of Choice Rules");
        }
        List<ChoiceRule> out = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            out.add(rule(new Fields(f.state(), rules.get(i), op + "[" + i + "]."), false));
        }
        return op.equals("And") ? new ChoiceRule.And(out) : new ChoiceRule.Or(out);
    }

    private static void requireNoVariable(Fields f, String op) {
        if (f.has("Variable")) {
            throw f.error("Variable", "must not be combined with " + op);
        }
    }

    private static ChoiceRule comparison(Fields f, String name) {
        ChoiceOperator operator = ChoiceOperator.fromField(name)
                .orElseThrow(() -> f.error(name, "is not a Choice Rule operator"));
        String variable = f.path("Variable", null, false);
        if (variable == null) {
            throw f.error("Variable", "is required for a comparison");
        }
        JsonNode operand = f.node().get(name);
        if (ChoiceOperator.isPathVariant(name)) {
            if (!operand.isTextual() || !JsonPaths.isValid(operand.textValue())) {
                throw f.error(name, "must be a Path, was " + operand);
            }
            return new ChoiceRule.Comparison(variable, operator, operand, true);
        }
        checkOperand(f, name, operator, operand);
        return new ChoiceRule.Comparison(variable, operator, operand, false);
    }

    private static void checkOperand(Fields f, String name, ChoiceOperator operator, JsonNode operand) {
        boolean ok = switch (operator.kind()) {
            case STRING, MATCHES -> operand.isTextual();
            case NUMERIC -> operand.isNumber();
            case BOOLEAN, TYPE_TEST -> operand.isBoolean();
            case TIMESTAMP -> operand.isTextual() && Timestamps.parse(operand.textValue()).isPresent();
        };
        if (!ok) {
            throw f.error(name, "has an operand of the wrong type for " + operator.kind() + ": " + operand);
        }
    }
}
