package io.channelpilot.local.sfn.asl;

import java.util.Arrays;
import java.util.Optional;

/** Every data-test comparison operator of the ASL spec (Choice Rules), including the *Path variants. */
public enum ChoiceOperator {
    STRING_EQUALS("StringEquals", Kind.STRING), STRING_LESS_THAN("StringLessThan", Kind.STRING),
    STRING_GREATER_THAN("StringGreaterThan", Kind.STRING), STRING_LESS_THAN_EQUALS("StringLessThanEquals", Kind.STRING),
    STRING_GREATER_THAN_EQUALS("StringGreaterThanEquals", Kind.STRING), STRING_MATCHES("StringMatches", Kind.MATCHES),
    NUMERIC_EQUALS("NumericEquals", Kind.NUMERIC), NUMERIC_LESS_THAN("NumericLessThan", Kind.NUMERIC),
    NUMERIC_GREATER_THAN("NumericGreaterThan", Kind.NUMERIC), NUMERIC_LESS_THAN_EQUALS("NumericLessThanEquals", Kind.NUMERIC),
    NUMERIC_GREATER_THAN_EQUALS("NumericGreaterThanEquals", Kind.NUMERIC), BOOLEAN_EQUALS("BooleanEquals", Kind.BOOLEAN),
    TIMESTAMP_EQUALS("TimestampEquals", Kind.TIMESTAMP), TIMESTAMP_LESS_THAN("TimestampLessThan", Kind.TIMESTAMP),
    TIMESTAMP_GREATER_THAN("TimestampGreaterThan", Kind.TIMESTAMP),
    TIMESTAMP_LESS_THAN_EQUALS("TimestampLessThanEquals", Kind.TIMESTAMP),
    TIMESTAMP_GREATER_THAN_EQUALS("TimestampGreaterThanEquals", Kind.TIMESTAMP),
    IS_NULL("IsNull", Kind.TYPE_TEST), IS_PRESENT("IsPresent", Kind.TYPE_TEST), IS_NUMERIC("IsNumeric", Kind.TYPE_TEST),
    IS_STRING("IsString", Kind.TYPE_TEST), IS_BOOLEAN("IsBoolean", Kind.TYPE_TEST),
    IS_TIMESTAMP("IsTimestamp", Kind.TYPE_TEST);

    /** What the operand must be and how the variable is compared. */
    public enum Kind { STRING, NUMERIC, BOOLEAN, TIMESTAMP, MATCHES, TYPE_TEST }

    private final String field;
    private final Kind kind;

    ChoiceOperator(String field, Kind kind) {
        this.field = field;
        this.kind = kind;
    }

    public String field() {
        return field;
    }

    public Kind kind() {
        return kind;
    }

    /** Whether a "...Path" variant exists ("StringMatches" and the type tests have none). */
    public boolean hasPathVariant() {
        return kind != Kind.MATCHES && kind != Kind.TYPE_TEST;
    }

    /** The operator for an ASL field name; {@code pathVariant} tells whether the name ended in "Path". */
    public static Optional<ChoiceOperator> fromField(String name) {
        return Arrays.stream(values()).filter(op -> op.field.equals(name)
                || op.hasPathVariant() && (op.field + "Path").equals(name)).findFirst();
    }

    public static boolean isPathVariant(String name) {
        return name.endsWith("Path") && fromField(name).isPresent();
    }
}
