package io.channelpilot.local.world.dynamodb;

import io.channelpilot.local.world.dynamodb.Ast.Condition;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates a KeyConditionExpression: exactly {@code hash = :v}, optionally AND one sort-key condition
 * ({@code = < <= > >=}, BETWEEN, begins_with), with DynamoDB's error messages.
 */
final class KeyConditions {

    private KeyConditions() {
    }

    static void validate(Condition condition, KeySchema key) {
        List<Condition> parts = new ArrayList<>();
        flatten(condition, parts);
        boolean hash = false;
        boolean range = false;
        for (Condition part : parts) {
            String attribute = attribute(part);
            if (attribute == null) {
                throw DynamoErrors.validation("Query key condition not supported");
            }
            if (attribute.equals(key.hashName())) {
                if (hash || !(part instanceof Ast.Compare c) || !c.operator().equals("=")) {
                    throw DynamoErrors.validation("Query key condition not supported");
                }
                if (c.right() instanceof Ast.ValueOperand v) {
                    KeySchema.requireKeySize(true, v.value());
                }
                hash = true;
            } else if (attribute.equals(key.rangeName())) {
                if (range || (part instanceof Ast.Compare c && c.operator().equals("<>"))) {
                    throw DynamoErrors.validation("Query key condition not supported");
                }
                range = true;
            } else {
                throw DynamoErrors.validation("Query condition missed key schema element: " + key.hashName());
            }
        }
        if (!hash) {
            throw DynamoErrors.validation("Query condition missed key schema element: " + key.hashName());
        }
    }

    private static void flatten(Condition c, List<Condition> out) {
        if (c instanceof Ast.And a) {
            flatten(a.left(), out);
            flatten(a.right(), out);
        } else if (c instanceof Ast.Or) {
            throw DynamoErrors.validation("Invalid operator used in KeyConditionExpression: OR");
        } else if (c instanceof Ast.Not) {
            throw DynamoErrors.validation("Invalid operator used in KeyConditionExpression: NOT");
        } else {
            out.add(c);
        }
    }

    /** The single top-level attribute a key-condition part constrains with a value operand, else null. */
    private static String attribute(Condition c) {
        if (c instanceof Ast.Compare cmp && cmp.left() instanceof Ast.PathOperand p
                && p.path().steps().size() == 1 && cmp.right() instanceof Ast.ValueOperand) {
            return p.path().top();
        }
        if (c instanceof Ast.Between b && b.value() instanceof Ast.PathOperand p && p.path().steps().size() == 1
                && b.low() instanceof Ast.ValueOperand && b.high() instanceof Ast.ValueOperand) {
            return p.path().top();
        }
        if (c instanceof Ast.Function f && f.name().equals("begins_with")
                && f.arguments().get(1) instanceof Ast.ValueOperand) {
            return ((Ast.PathOperand) f.arguments().get(0)).path().top();
        }
        if (c instanceof Ast.Function f) {
            throw DynamoErrors.validation("Invalid operator used in KeyConditionExpression: " + f.name());
        }
        return null;
    }

    /** Whether a condition reads the top-level attribute {@code name} anywhere. */
    static boolean references(Condition c, String name) {
        if (c instanceof Ast.And a) {
            return references(a.left(), name) || references(a.right(), name);
        }
        if (c instanceof Ast.Or o) {
            return references(o.left(), name) || references(o.right(), name);
        }
        if (c instanceof Ast.Not n) {
            return references(n.condition(), name);
        }
        List<Ast.Operand> operands = new ArrayList<>();
        if (c instanceof Ast.Compare cmp) {
            operands.add(cmp.left());
            operands.add(cmp.right());
        } else if (c instanceof Ast.Between b) {
            operands.addAll(List.of(b.value(), b.low(), b.high()));
        } else if (c instanceof Ast.In in) {
            operands.add(in.value());
            operands.addAll(in.candidates());
        } else if (c instanceof Ast.Function f) {
            operands.addAll(f.arguments());
        }
        return operands.stream().anyMatch(o -> (o instanceof Ast.PathOperand p && p.path().top().equals(name))
                || (o instanceof Ast.Size s && s.path().top().equals(name)));
    }
}
