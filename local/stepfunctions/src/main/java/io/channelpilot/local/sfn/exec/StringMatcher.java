package io.channelpilot.local.sfn.exec;

/**
 * StringMatches: "The value MUST be a String which MAY contain one or more '*' characters. The expression yields true
 * if the data value selected by the Variable Path matches the value, where '*' in the value matches zero or more
 * characters. ... a literal '*' ... escaped as '\\*' ... and a literal backslash as '\\\\'" (ASL spec, Choice Rules).
 */
final class StringMatcher {

    private StringMatcher() {
    }

    static boolean matches(String pattern, String value) {
        return match(pattern, 0, value, 0);
    }

    private static boolean match(String p, int pi, String v, int vi) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            if (c == '*') {
                for (int k = vi; k <= v.length(); k++) {
                    if (match(p, pi + 1, v, k)) {
                        return true;
                    }
                }
                return false;
            }
            if (c == '\\' && pi + 1 < p.length()) {
                c = p.charAt(++pi);
            }
            if (vi >= v.length() || v.charAt(vi) != c) {
                return false;
            }
            pi++;
            vi++;
        }
        return vi == v.length();
    }
}
