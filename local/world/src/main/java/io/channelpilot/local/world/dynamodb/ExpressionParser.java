package io.channelpilot.local.world.dynamodb;

import io.channelpilot.local.world.dynamodb.Ast.Condition;
import io.channelpilot.local.world.dynamodb.Ast.Operand;
import io.channelpilot.local.world.dynamodb.Ast.Path;
import io.channelpilot.local.world.dynamodb.Lexer.Kind;
import io.channelpilot.local.world.dynamodb.Lexer.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent parser for DynamoDB's condition, key-condition, filter and projection grammar (developer guide,
 * "Condition and filter expressions, operators, and functions"). Precedence, lowest first: OR, AND, NOT, then
 * comparisons / BETWEEN / IN / functions; parentheses group.
 */
class ExpressionParser {

    static final Set<String> CONDITION_FUNCTIONS =
            Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains");
    private static final Set<String> COMPARATORS = Set.of("=", "<>", "<", "<=", ">", ">=");

    protected final String text;
    protected final String label;
    protected final ExpressionContext context;
    protected final List<Token> tokens;
    protected int pos;

    ExpressionParser(String text, String label, ExpressionContext context) {
        if (text.isBlank()) {
            throw DynamoErrors.validation("Invalid " + label + ": The expression can not be empty;");
        }
        this.text = text;
        this.label = label;
        this.context = context;
        this.tokens = Lexer.tokens(text, label);
    }

    static Condition condition(String text, String label, ExpressionContext context) {
        ExpressionParser p = new ExpressionParser(text, label, context);
        Condition c = p.or();
        p.expectEnd();
        return c;
    }

    static List<Path> projection(String text, ExpressionContext context) {
        ExpressionParser p = new ExpressionParser(text, "ProjectionExpression", context);
        List<Path> paths = new ArrayList<>();
        do {
            paths.add(p.path());
        } while (p.accept(","));
        p.expectEnd();
        return paths;
    }

    Condition or() {
        Condition left = and();
        while (accept("OR")) {
            left = new Ast.Or(left, and());
        }
        return left;
    }

    private Condition and() {
        Condition left = not();
        while (accept("AND")) {
            left = new Ast.And(left, not());
        }
        return left;
    }

    private Condition not() {
        if (accept("NOT")) {
            return new Ast.Not(not());
        }
        return primary();
    }

    private Condition primary() {
        if (accept("(")) {
            Condition inner = or();
            expect(")");
            return inner;
        }
        Token t = peek();
        if (t.kind() == Kind.IDENT && next(1).is("(") && CONDITION_FUNCTIONS.contains(t.text())) {
            pos++;
            expect("(");
            List<Operand> args = new ArrayList<>();
            do {
                args.add(operand());
            } while (accept(","));
            expect(")");
            return function(t.text(), args);
        }
        Operand left = operand();
        Token op = peek();
        if (op.kind() == Kind.SYMBOL && COMPARATORS.contains(op.text())) {
            pos++;
            return new Ast.Compare(left, op.text(), operand());
        }
        if (accept("BETWEEN")) {
            Operand low = operand();
            expect("AND");
            return new Ast.Between(left, low, operand());
        }
        if (accept("IN")) {
            expect("(");
            List<Operand> candidates = new ArrayList<>();
            do {
                candidates.add(operand());
            } while (accept(","));
            expect(")");
            if (candidates.size() > 100) {
                throw DynamoErrors.validation("Invalid " + label + ": The IN operator is provided with too many "
                        + "operands; number of operands: " + candidates.size());
            }
            return new Ast.In(left, candidates);
        }
        throw syntaxError();
    }

    private Condition function(String name, List<Operand> args) {
        int arity = name.startsWith("attribute_") && !name.equals("attribute_type") ? 1 : 2;
        if (args.size() != arity) {
            throw DynamoErrors.validation("Invalid " + label + ": Incorrect number of operands for operator or "
                    + "function; operator or function: " + name + ", number of operands: " + args.size());
        }
        if (!(args.get(0) instanceof Ast.PathOperand)) {
            throw DynamoErrors.validation("Invalid " + label + ": Operator or function requires a document path; "
                    + "operator or function: " + name);
        }
        if (name.equals("attribute_type")) {
            if (!(args.get(1) instanceof Ast.ValueOperand v) || !v.value().has("S")
                    || !Values.TYPES.contains(v.value().get("S").asText())) {
                throw DynamoErrors.validation("Invalid " + label + ": Invalid attribute type name found; type: "
                        + (args.get(1) instanceof Ast.ValueOperand v2 ? v2.value() : "path")
                        + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
            }
        }
        return new Ast.Function(name, args);
    }

    /** Condition operand: a path, a value placeholder or size(path). */
    Operand operand() {
        Token t = peek();
        if (t.kind() == Kind.VALUE_REF) {
            pos++;
            return new Ast.ValueOperand(context.value(t.text(), label));
        }
        if (t.kind() == Kind.IDENT && next(1).is("(")) {
            if (t.text().equals("size")) {
                pos += 2;
                Path p = path();
                expect(")");
                return new Ast.Size(p);
            }
            if (CONDITION_FUNCTIONS.contains(t.text()) || t.text().equals("if_not_exists")
                    || t.text().equals("list_append")) {
                throw DynamoErrors.validation("Invalid " + label + ": The function is not allowed to be used this "
                        + "way in an expression; function: " + t.text());
            }
            throw DynamoErrors.validation("Invalid " + label + ": Invalid function name; function: " + t.text());
        }
        return new Ast.PathOperand(path());
    }

    Path path() {
        List<Ast.Step> steps = new ArrayList<>();
        steps.add(new Ast.Key(name()));
        while (true) {
            if (accept(".")) {
                steps.add(new Ast.Key(name()));
            } else if (peek().is("[")) {
                pos++;
                Token n = peek();
                if (n.kind() != Kind.NUMBER) {
                    throw syntaxError();
                }
                pos++;
                expect("]");
                steps.add(new Ast.Index(Integer.parseInt(n.text())));
            } else {
                return new Path(steps);
            }
        }
    }

    private String name() {
        Token t = peek();
        if (t.kind() == Kind.NAME_REF) {
            pos++;
            return context.name(t.text(), label);
        }
        if (t.kind() == Kind.IDENT) {
            if (ReservedWords.reserved(t.text())) {
                throw DynamoErrors.validation("Invalid " + label + ": Attribute name is a reserved keyword; "
                        + "reserved keyword: " + t.text());
            }
            pos++;
            return t.text();
        }
        throw syntaxError();
    }

    protected Token peek() {
        return tokens.get(pos);
    }

    protected Token next(int ahead) {
        return tokens.get(Math.min(tokens.size() - 1, pos + ahead));
    }

    protected boolean accept(String symbolOrKeyword) {
        if (peek().is(symbolOrKeyword)) {
            pos++;
            return true;
        }
        return false;
    }

    protected void expect(String symbolOrKeyword) {
        if (!accept(symbolOrKeyword)) {
            throw syntaxError();
        }
    }

    protected void expectEnd() {
        if (peek().kind() != Kind.EOF) {
            throw syntaxError();
        }
    }

    /** DynamoDB's phrasing: the offending token and the text around it. */
    protected RuntimeException syntaxError() {
        Token t = peek();
        int from = pos > 0 ? tokens.get(pos - 1).position() : t.position();
        int to = t.kind() == Kind.EOF ? text.length() : t.position() + t.text().length();
        return Lexer.syntax(label, t.text(), text.substring(from, to));
    }
}
