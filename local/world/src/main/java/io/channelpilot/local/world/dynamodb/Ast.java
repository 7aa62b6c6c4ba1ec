package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Parsed DynamoDB expressions. Names and values are already resolved from ExpressionAttributeNames/Values. */
final class Ast {

    private Ast() {
    }

    /** One step of a document path: a map key / attribute name, or a list index. */
    sealed interface Step permits Key, Index {
    }

    record Key(String name) implements Step {
        @Override
        public String toString() {
            return name;
        }
    }

    record Index(int index) implements Step {
        @Override
        public String toString() {
            return "[" + index + "]";
        }
    }

    record Path(List<Step> steps) {
        Path {
            steps = List.copyOf(steps);
        }

        String top() {
            return ((Key) steps.get(0)).name();
        }

        /** True when one path is a prefix of the other (DynamoDB's "overlap"). */
        boolean overlaps(Path other) {
            int n = Math.min(steps.size(), other.steps.size());
            return steps.subList(0, n).equals(other.steps.subList(0, n));
        }

        @Override
        public String toString() {
            return steps.toString();
        }
    }

    /** Anything that evaluates to an attribute value (or to "absent"). */
    sealed interface Operand permits PathOperand, ValueOperand, Size, Plus, Minus, IfNotExists, ListAppend {
    }

    record PathOperand(Path path) implements Operand {
    }

    record ValueOperand(JsonNode value) implements Operand {
    }

    record Size(Path path) implements Operand {
    }

    record Plus(Operand left, Operand right) implements Operand {
    }

    record Minus(Operand left, Operand right) implements Operand {
    }

    record IfNotExists(Path path, Operand fallback) implements Operand {
    }

    record ListAppend(Operand first, Operand second) implements Operand {
    }

    /** A boolean condition. */
    sealed interface Condition permits Compare, Between, In, And, Or, Not, Function {
    }

    record Compare(Operand left, String operator, Operand right) implements Condition {
    }

    record Between(Operand value, Operand low, Operand high) implements Condition {
    }

    record In(Operand value, List<Operand> candidates) implements Condition {
    }

    record And(Condition left, Condition right) implements Condition {
    }

    record Or(Condition left, Condition right) implements Condition {
    }

    record Not(Condition condition) implements Condition {
    }

    /** attribute_exists, attribute_not_exists, attribute_type, begins_with, contains. */
    record Function(String name, List<Operand> arguments) implements Condition {
    }

    /** The four clauses of an UpdateExpression. */
    record Update(List<SetAction> set, List<Path> remove, List<Action> add, List<Action> delete) {
    }

    record SetAction(Path path, Operand value) {
    }

    record Action(Path path, JsonNode value) {
    }
}
