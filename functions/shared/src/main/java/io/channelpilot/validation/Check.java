package io.channelpilot.validation;

import java.util.List;
import java.util.function.Function;

/** One independent rule. It reads facts through the context and returns its findings (usually one). */
public interface Check {

    RuleCode code();

    List<Finding> evaluate(ValidationContext ctx);

    static Check of(RuleCode code, Function<ValidationContext, Finding> rule) {
        return new Check() {
            @Override
            public RuleCode code() {
                return code;
            }

            @Override
            public List<Finding> evaluate(ValidationContext ctx) {
                return List.of(rule.apply(ctx));
            }
        };
    }
}
