package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.dynamodb.Ast.Condition;
import io.channelpilot.local.world.dynamodb.Ast.Operand;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Evaluates a condition against an item (null item = the item does not exist). Comparisons between values of
 * different types, or against an absent attribute, are false, except {@code <>} which is true, as in DynamoDB.
 */
final class ConditionEvaluator {

    private ConditionEvaluator() {
    }

    static boolean test(Condition condition, ObjectNode item) {
        if (condition instanceof Ast.And a) {
            return test(a.left(), item) && test(a.right(), item);
        }
        if (condition instanceof Ast.Or o) {
            return test(o.left(), item) || test(o.right(), item);
        }
        if (condition instanceof Ast.Not n) {
            return !test(n.condition(), item);
        }
        if (condition instanceof Ast.Compare c) {
            return compare(value(c.left(), item), c.operator(), value(c.right(), item));
        }
        if (condition instanceof Ast.Between b) {
            JsonNode v = value(b.value(), item);
            JsonNode low = value(b.low(), item);
            JsonNode high = value(b.high(), item);
            if (low != null && high != null) {
                Integer order = Values.compare(low, high);
                if (order != null && order > 0) {
                    throw DynamoErrors.validation("Invalid ConditionExpression: The BETWEEN operator requires "
                            + "upper bound to be greater than or equal to lower bound; lower bound operand: "
                            + "AttributeValue: " + low + ", upper bound operand: AttributeValue: " + high);
                }
            }
            return compare(v, ">=", low) && compare(v, "<=", high);
        }
        if (condition instanceof Ast.In in) {
            JsonNode v = value(in.value(), item);
            return v != null && in.candidates().stream().map(o -> value(o, item))
                    .anyMatch(c -> c != null && Values.equal(v, c));
        }
        return function((Ast.Function) condition, item);
    }

    private static boolean function(Ast.Function f, ObjectNode item) {
        JsonNode target = value(f.arguments().get(0), item);
        return switch (f.name()) {
            case "attribute_exists" -> target != null;
            case "attribute_not_exists" -> target == null;
            case "attribute_type" -> target != null
                    && Values.type(target).equals(value(f.arguments().get(1), item).get("S").asText());
            case "begins_with" -> beginsWith(target, value(f.arguments().get(1), item));
            default -> contains(target, value(f.arguments().get(1), item));
        };
    }

    static boolean beginsWith(JsonNode target, JsonNode prefix) {
        if (target == null || prefix == null) {
            return false;
        }
        if (target.has("S") && prefix.has("S")) {
            return target.get("S").asText().startsWith(prefix.get("S").asText());
        }
        if (target.has("B") && prefix.has("B")) {
            byte[] t = Values.bytes(target.get("B"));
            byte[] p = Values.bytes(prefix.get("B"));
            return t.length >= p.length && Arrays.equals(Arrays.copyOf(t, p.length), p);
        }
        return false;
    }

    private static boolean contains(JsonNode target, JsonNode operand) {
        if (target == null || operand == null) {
            return false;
        }
        String type = Values.type(target);
        String operandType = Values.type(operand);
        JsonNode v = target.get(type);
        return switch (type) {
            case "S" -> operandType.equals("S") && v.asText().contains(operand.get("S").asText());
            case "B" -> operandType.equals("B") && new String(Values.bytes(v), StandardCharsets.ISO_8859_1)
                    .contains(new String(Values.bytes(operand.get("B")), StandardCharsets.ISO_8859_1));
            case "SS", "BS" -> operandType.equals(type.substring(0, 1))
                    && Values.members(v).contains(operand.get(operandType).asText());
            case "NS" -> operandType.equals("N")
                    && Values.numberMembers(v).contains(Values.number(operand.get("N").asText()).stripTrailingZeros());
            case "L" -> {
                for (JsonNode element : v) {
                    if (Values.equal(element, operand)) {
                        yield true;
                    }
                }
                yield false;
            }
            default -> false;
        };
    }

    private static boolean compare(JsonNode left, String operator, JsonNode right) {
        if (left == null || right == null) {
            return operator.equals("<>");
        }
        switch (operator) {
            case "=":
                return Values.equal(left, right);
            case "<>":
                return !Values.equal(left, right);
            default:
                Integer order = Values.compare(left, right);
                if (order == null) {
                    return false;
                }
                return switch (operator) {
                    case "<" -> order < 0;
                    case "<=" -> order <= 0;
                    case ">" -> order > 0;
                    default -> order >= 0;
                };
        }
    }

    /** Value of a condition operand; null when absent (or size() of an unsized type). */
    static JsonNode value(Operand operand, ObjectNode item) {
        if (operand instanceof Ast.ValueOperand v) {
            return v.value();
        }
        if (operand instanceof Ast.PathOperand p) {
            return Documents.get(item, p.path());
        }
        if (operand instanceof Ast.Size s) {
            return size(Documents.get(item, s.path()));
        }
        throw new IllegalStateException("update operand in a condition: " + operand);
    }

    private static JsonNode size(JsonNode value) {
        if (value == null) {
            return null;
        }
        String type = Values.type(value);
        JsonNode v = value.get(type);
        long size = switch (type) {
            case "S" -> v.asText().length();
            case "B" -> Values.bytes(v).length;
            case "SS", "NS", "BS", "L", "M" -> v.size();
            default -> -1;
        };
        return size < 0 ? null : Values.n(BigDecimal.valueOf(size));
    }
}
