package io.channelpilot.local.world.dynamodb;

import java.util.ArrayList;
import java.util.List;

/** Tokens of the DynamoDB expression languages (condition, key condition, filter, projection, update). */
final class Lexer {

    enum Kind { IDENT, NAME_REF, VALUE_REF, NUMBER, SYMBOL, EOF }

    record Token(Kind kind, String text, int position) {
        boolean is(String symbolOrKeyword) {
            return (kind == Kind.SYMBOL && text.equals(symbolOrKeyword))
                    || (kind == Kind.IDENT && text.equalsIgnoreCase(symbolOrKeyword));
        }
    }

    private Lexer() {
    }

    static List<Token> tokens(String text, String label) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '#' || c == ':') {
                int start = i++;
                while (i < text.length() && isNameChar(text.charAt(i))) {
                    i++;
                }
                if (i == start + 1) {
                    throw syntax(label, String.valueOf(c), text.substring(start, Math.min(text.length(), start + 2)));
                }
                out.add(new Token(c == '#' ? Kind.NAME_REF : Kind.VALUE_REF, text.substring(start, i), start));
            } else if (Character.isDigit(c)) {
                int start = i;
                while (i < text.length() && Character.isDigit(text.charAt(i))) {
                    i++;
                }
                out.add(new Token(Kind.NUMBER, text.substring(start, i), start));
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < text.length() && isNameChar(text.charAt(i))) {
                    i++;
                }
                out.add(new Token(Kind.IDENT, text.substring(start, i), start));
            } else if (text.startsWith("<>", i) || text.startsWith("<=", i) || text.startsWith(">=", i)) {
                out.add(new Token(Kind.SYMBOL, text.substring(i, i + 2), i));
                i += 2;
            } else if ("()[],.=<>+-".indexOf(c) >= 0) {
                out.add(new Token(Kind.SYMBOL, String.valueOf(c), i));
                i++;
            } else {
                throw DynamoErrors.validation("Invalid " + label + ": Invalid character encountered; character: "
                        + c + ", near: \"" + text.substring(Math.max(0, i - 5), Math.min(text.length(), i + 5)) + "\"");
            }
        }
        out.add(new Token(Kind.EOF, "<EOF>", text.length()));
        return out;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    static RuntimeException syntax(String label, String token, String near) {
        return DynamoErrors.validation("Invalid " + label + ": Syntax error; token: \"" + token + "\", near: \""
                + near + "\"");
    }
}
