package io.channelpilot.provision;

/** What one provisioning action came to: done (with its result) or refused (with the problem). */
sealed interface ProvisionOutcome permits ProvisionOutcome.Done, ProvisionOutcome.Refused {

    record Done(ProvisionResult result) implements ProvisionOutcome {
    }

    record Refused(ProvisionProblem problem) implements ProvisionOutcome {
    }
}
