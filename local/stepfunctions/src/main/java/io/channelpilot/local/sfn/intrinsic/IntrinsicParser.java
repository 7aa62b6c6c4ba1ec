package io.channelpilot.local.sfn.intrinsic;

import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses intrinsic function calls: {@code States.Format('a {} \'b\'', $.x, States.UUID())}.
 * <p>"Intrinsic functions ... can be nested"; string literals use single quotes, and "the characters ' { } \ must be
 * escaped with a backslash" (AWS developer guide, Intrinsic functions, Reserved characters).
 */
public final class IntrinsicParser {

    private final String text;
    private int pos;

    private IntrinsicParser(String text) {
        this.text = text;
    }

    /** Parses a whole expression that must be one call; throws {@link IllegalArgumentException} naming the offset. */
    public static Expr.Call parse(String text) {
        IntrinsicParser parser = new IntrinsicParser(text.trim());
        Expr.Call call = parser.call();
        parser.skipSpaces();
        if (parser.pos != parser.text.length()) {
            throw parser.error("unexpected text after the closing parenthesis");
        }
        IntrinsicFunctions.checkArity(call);
        return call;
    }

    public static boolean looksLikeCall(String text) {
        return text != null && text.trim().startsWith("States.");
    }

    private Expr.Call call() {
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
            pos++;
        }
        String name = text.substring(start, pos);
        if (!IntrinsicFunctions.isKnown(name)) {
            throw error("unknown intrinsic function '" + name + "'");
        }
        expect('(');
        List<Expr> args = new ArrayList<>();
        skipSpaces();
        if (peek() == ')') {
            pos++;
            return new Expr.Call(name, args);
        }
        while (true) {
            args.add(argument());
            skipSpaces();
            char c = next();
            if (c == ')') {
                return new Expr.Call(name, args);
            }
            if (c != ',') {
                throw error("expected ',' or ')'");
            }
        }
    }

    private Expr argument() {
        skipSpaces();
        char c = peek();
        if (c == '\'') {
            return new Expr.Literal(Json.NODES.textNode(quoted()));
        }
        if (c == '$') {
            return path();
        }
        if (c == '-' || Character.isDigit(c)) {
            return number();
        }
        if (text.startsWith("States.", pos)) {
            return call();
        }
        for (String word : new String[] {"true", "false", "null"}) {
            if (text.startsWith(word, pos)) {
                pos += word.length();
                return new Expr.Literal(word.equals("null") ? NullNode.getInstance() : BooleanNode.valueOf(word.equals("true")));
            }
        }
        throw error("expected a string, number, boolean, null, Path or intrinsic function");
    }

    private String quoted() {
        expect('\'');
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '\\') {
                char escaped = next();
                // keep \{ and \} escaped: States.Format needs to tell literal braces from placeholders
                if (escaped == '{' || escaped == '}') {
                    out.append('\\');
                }
                out.append(escaped);
            } else if (c == '\'') {
                return out.toString();
            } else {
                out.append(c);
            }
        }
    }

    private Expr path() {
        int start = pos;
        int depth = 0;
        boolean inQuote = false;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (inQuote) {
                inQuote = c != '\'';
            } else if (c == '\'') {
                inQuote = true;
            } else if (c == '[' || c == '(') {
                depth++;
            } else if (c == ']' || (c == ')' && depth > 0)) {
                depth--;
            } else if ((c == ',' || c == ')') && depth == 0) {
                break;
            }
            pos++;
        }
        String path = text.substring(start, pos).trim();
        if (!JsonPaths.isValid(path)) {
            throw error("invalid Path '" + path + "'");
        }
        return new Expr.PathRef(path);
    }

    private Expr number() {
        int start = pos;
        pos++;
        while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || "._eE+-".indexOf(text.charAt(pos)) >= 0)) {
            pos++;
        }
        String literal = text.substring(start, pos);
        try {
            BigDecimal value = new BigDecimal(literal);
            boolean integral = literal.indexOf('.') < 0 && literal.indexOf('e') < 0 && literal.indexOf('E') < 0;
            return new Expr.Literal(integral ? Json.number(value.toBigInteger().longValueExact())
                    : Json.NODES.numberNode(value.doubleValue()));
        } catch (NumberFormatException | ArithmeticException e) {
            throw error("invalid number '" + literal + "'");
        }
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        return text.charAt(pos);
    }

    private char next() {
        char c = peek();
        pos++;
        return c;
    }

    private void expect(char expected) {
        skipSpaces();
        if (next() != expected) {
            throw error("expected '" + expected + "'");
        }
    }

    private IllegalArgumentException error(String message) {
        return new IllegalArgumentException("Invalid intrinsic function call '" + text + "' at offset " + pos + ": " + message);
    }
}
