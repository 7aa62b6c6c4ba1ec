package io.channelpilot.redrive;

import java.util.Optional;

/**
 * The redrive side of triage's {@link RedriveStarter} port: {@link RedriveService#start}, its outcome as a {@link RedriveStart}.
 * Refusal codes are {@link RedriveCode} names.
 */
public final class ServiceRedriveStarter implements RedriveStarter {

    private final RedriveService service;

    public ServiceRedriveStarter(RedriveService service) {
        this.service = service;
    }

    @Override
    public RedriveStart startRedrive(RedriveRequest request) {
        RedriveOutcome outcome = service.start(request);
        if (outcome instanceof RedriveOutcome.Done done) {
            return new RedriveStart.Started(done.task().taskId(), done.task().executionArn());
        }
        RedriveRefused refused = ((RedriveOutcome.Refused) outcome).refusal();
        return new RedriveStart.Refused(refused.code().name(), refused.message(), refused.remediation(),
                refused.activeTaskId().isEmpty() ? Optional.empty() : Optional.of(refused.activeTaskId()));
    }
}
