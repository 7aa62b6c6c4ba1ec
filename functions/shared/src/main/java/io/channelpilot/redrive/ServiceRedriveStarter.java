package io.channelpilot.redrive;

import io.channelpilot.dlq.RedriveStart;
import io.channelpilot.dlq.RedriveStarter;
import java.util.List;
import java.util.Optional;

/**
 * The redrive side of triage's {@link RedriveStarter} port: maps triage's request onto {@link RedriveService#start}.
 * Refusal codes are {@link RedriveCode} names.
 */
public final class ServiceRedriveStarter implements RedriveStarter {

    private final RedriveService service;

    public ServiceRedriveStarter(RedriveService service) {
        this.service = service;
    }

    @Override
    public RedriveStart startRedrive(io.channelpilot.dlq.RedriveRequest r) {
        int rate = r.rateCap().isPresent() ? (int) Math.ceil(r.rateCap().getAsDouble()) : 0;
        RedriveRequest request;
        try {
            request = new RedriveRequest(r.clusterArn(), r.channelName(), r.from().orElse(null), r.to().orElse(null),
                    List.copyOf(r.causes()), r.repairRules(), rate, 0, 0,
                    r.dryRun() ? RunMode.DRY_RUN : RunMode.LIVE, r.requestedBy());
        } catch (IllegalArgumentException e) {
            return new RedriveStart.Refused(RedriveCode.INVALID_REQUEST.name(), e.getMessage(),
                    RedriveCode.INVALID_REQUEST.remediation(), Optional.empty());
        }
        RedriveOutcome outcome = service.start(request);
        if (outcome instanceof RedriveOutcome.Done done) {
            return new RedriveStart.Started(done.task().taskId(), done.task().executionArn());
        }
        RedriveRefused refused = ((RedriveOutcome.Refused) outcome).refusal();
        return new RedriveStart.Refused(refused.code().name(), refused.message(), refused.remediation(),
                refused.activeTaskId().isEmpty() ? Optional.empty() : Optional.of(refused.activeTaskId()));
    }
}
