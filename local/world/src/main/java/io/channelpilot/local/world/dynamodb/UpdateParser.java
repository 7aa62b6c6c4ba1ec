package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.dynamodb.Ast.Operand;
import io.channelpilot.local.world.dynamodb.Ast.Path;
import io.channelpilot.local.world.dynamodb.Lexer.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * UpdateExpression grammar: {@code SET path = value[, ...]}, {@code REMOVE path[, ...]}, {@code ADD path :v[, ...]},
 * {@code DELETE path :v[, ...]}; each clause at most once; a value is an operand or {@code operand +|- operand};
 * operands are paths, placeholders, {@code if_not_exists(path, value)} and {@code list_append(a, b)}.
 */
final class UpdateParser extends ExpressionParser {

    private static final Set<String> CLAUSES = Set.of("SET", "REMOVE", "ADD", "DELETE");

    private UpdateParser(String text, ExpressionContext context) {
        super(text, "UpdateExpression", context);
    }

    static Ast.Update parse(String text, ExpressionContext context) {
        UpdateParser p = new UpdateParser(text, context);
        Ast.Update update = p.update();
        p.checkOverlaps(update);
        return update;
    }

    private Ast.Update update() {
        List<Ast.SetAction> set = new ArrayList<>();
        List<Path> remove = new ArrayList<>();
        List<Ast.Action> add = new ArrayList<>();
        List<Ast.Action> delete = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        if (peek().kind() == Kind.EOF) {
            throw syntaxError();
        }
        while (peek().kind() != Kind.EOF) {
            String clause = peek().text().toUpperCase(Locale.ROOT);
            if (peek().kind() != Kind.IDENT || !CLAUSES.contains(clause)) {
                throw syntaxError();
            }
            if (!seen.add(clause)) {
                throw DynamoErrors.validation("Invalid UpdateExpression: The \"" + clause + "\" section can only be "
                        + "used once in an update expression;");
            }
            pos++;
            do {
                switch (clause) {
                    case "SET" -> {
                        Path p = path();
                        expect("=");
                        set.add(new Ast.SetAction(p, value()));
                    }
                    case "REMOVE" -> remove.add(path());
                    case "ADD" -> add.add(new Ast.Action(path(), placeholder()));
                    default -> delete.add(new Ast.Action(path(), placeholder()));
                }
            } while (accept(","));
        }
        return new Ast.Update(set, remove, add, delete);
    }

    private JsonNode placeholder() {
        if (peek().kind() != Kind.VALUE_REF) {
            throw syntaxError();
        }
        return context.value(tokens.get(pos++).text(), label);
    }

    private Operand value() {
        Operand left = term();
        if (accept("+")) {
            return new Ast.Plus(left, term());
        }
        if (accept("-")) {
            return new Ast.Minus(left, term());
        }
        return left;
    }

    private Operand term() {
        var t = peek();
        if (t.kind() == Kind.IDENT && next(1).is("(")) {
            switch (t.text()) {
                case "if_not_exists" -> {
                    pos += 2;
                    Path p = path();
                    expect(",");
                    Operand fallback = value();
                    expect(")");
                    return new Ast.IfNotExists(p, fallback);
                }
                case "list_append" -> {
                    pos += 2;
                    Operand first = value();
                    expect(",");
                    Operand second = value();
                    expect(")");
                    return new Ast.ListAppend(first, second);
                }
                default -> {
                    if (t.text().equals("size") || CONDITION_FUNCTIONS.contains(t.text())) {
                        throw DynamoErrors.validation("Invalid UpdateExpression: The function is not allowed in an "
                                + "update expression; function: " + t.text());
                    }
                    throw DynamoErrors.validation("Invalid UpdateExpression: Invalid function name; function: "
                            + t.text());
                }
            }
        }
        if (t.kind() == Kind.VALUE_REF) {
            pos++;
            return new Ast.ValueOperand(context.value(t.text(), label));
        }
        return new Ast.PathOperand(path());
    }

    private void checkOverlaps(Ast.Update u) {
        List<Path> targets = new ArrayList<>();
        u.set().forEach(a -> targets.add(a.path()));
        targets.addAll(u.remove());
        u.add().forEach(a -> targets.add(a.path()));
        u.delete().forEach(a -> targets.add(a.path()));
        for (int i = 0; i < targets.size(); i++) {
            for (int j = i + 1; j < targets.size(); j++) {
                if (targets.get(i).overlaps(targets.get(j))) {
                    throw DynamoErrors.validation("Invalid UpdateExpression: Two document paths overlap with each "
                            + "other; must remove or rewrite one of these paths; path one: " + targets.get(i)
                            + ", path two: " + targets.get(j));
                }
            }
        }
    }
}
