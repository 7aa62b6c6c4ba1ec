package io.channelpilot.workflow;

/**
 * Provisioning found a situation it must not act on and that retrying cannot fix: a same-name channel Channel Pilot
 * does not own, a managed channel with another fingerprint, an action that does not fit its intent. The domain returns
 * these as values ({@code ProvisionProblem}); the Lambda boundary raises this so the state machine's Catch routes the
 * item to NotifyOutcome. The message is {@code <CODE>: <message> Remediation: <remediation>}.
 */
public final class ProvisioningRefused extends WorkflowError {

    public ProvisioningRefused(String code, String message, String remediation) {
        super(code, code + ": " + message + " Remediation: " + remediation);
    }
}
