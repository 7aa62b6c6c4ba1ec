package io.channelpilot.local.sfn.template;

import java.util.Map;

/**
 * An {@code AWS::Serverless::StateMachine}: its definition text with DefinitionSubstitutions applied, the
 * substitutions themselves, and the local name (the logical id).
 */
public record StateMachineResource(String logicalId, String definitionUri, Map<String, String> substitutions,
        String definition) {

    public StateMachineResource {
        substitutions = Map.copyOf(substitutions);
    }
}
