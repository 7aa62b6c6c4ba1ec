package io.channelpilot.model;

import java.util.Optional;

/**
 * Kafka topic names, checked wherever one enters Channel Pilot (event ARNs and fields, tag selectors, alarm
 * dimensions, CLI options, redrive requests, world files): 1-249 of ASCII {@code [a-zA-Z0-9._-]}, and not {@code .} or
 * {@code ..} (Kafka's {@code Topic.validate}). A name that fails is never passed on to an MSK, Kafka or CloudWatch call.
 */
public final class TopicNames {

    public static final int MAX_LENGTH = 249;
    /** The rule in words, for remediations. */
    public static final String RULE = "1-" + MAX_LENGTH + " ASCII letters, digits, '.', '_' or '-', and not '.' or '..'";

    private TopicNames() {
    }

    public static boolean isValid(String name) {
        return problem(name).isEmpty();
    }

    /** A selector prefix: the same characters and length; {@code .} and {@code ..} are fine as prefixes. */
    public static boolean isValidPrefix(String prefix) {
        return prefix != null && !prefix.isEmpty() && prefix.length() <= MAX_LENGTH && legalChars(prefix);
    }

    /** Why {@code name} is not a topic name (no input is quoted: callers echo it through {@link SafeText}). */
    public static Optional<String> problem(String name) {
        if (name == null || name.isEmpty()) {
            return Optional.of("is empty");
        }
        if (name.length() > MAX_LENGTH) {
            return Optional.of("is " + name.length() + " characters (at most " + MAX_LENGTH + ")");
        }
        if (name.equals(".") || name.equals("..")) {
            return Optional.of("is '" + name + "', which Kafka reserves");
        }
        if (!legalChars(name)) {
            return Optional.of("contains characters other than ASCII letters, digits, '.', '_' and '-'");
        }
        return Optional.empty();
    }

    private static boolean legalChars(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
                    || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
