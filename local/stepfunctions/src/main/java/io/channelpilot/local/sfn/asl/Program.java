package io.channelpilot.local.sfn.asl;

import java.util.Map;

/** A StartAt plus its States: the top-level machine, a Parallel branch or a Map ItemProcessor. */
public record Program(String startAt, Map<String, StateDef> states) {

    public Program {
        states = Map.copyOf(states);
    }

    public StateDef state(String name) {
        return states.get(name);
    }
}
