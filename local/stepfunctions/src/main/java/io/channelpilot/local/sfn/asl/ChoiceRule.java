package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Choice Rules: boolean combinations of comparisons (ASL spec, Choice Rules). */
public sealed interface ChoiceRule {

    /** A top-level rule with its Next. */
    record Branch(ChoiceRule rule, String next) {
    }

    record And(List<ChoiceRule> rules) implements ChoiceRule {
        public And {
            rules = List.copyOf(rules);
        }
    }

    record Or(List<ChoiceRule> rules) implements ChoiceRule {
        public Or {
            rules = List.copyOf(rules);
        }
    }

    record Not(ChoiceRule rule) implements ChoiceRule {
    }

    /**
     * "Variable" compared with an operand. For the *Path operators {@code operand} is a text node holding the Path.
     */
    record Comparison(String variable, ChoiceOperator operator, JsonNode operand, boolean operandIsPath)
            implements ChoiceRule {
    }
}
