package io.channelpilot.validate;

import io.channelpilot.gateway.Gateways;
import io.channelpilot.model.StackSettings;
import io.channelpilot.validation.Finding;
import io.channelpilot.validation.Status;
import io.channelpilot.validation.ValidationContext;
import io.channelpilot.validation.ValidationEngine;
import io.channelpilot.validation.ValidationReport;
import io.channelpilot.validation.ValidationSettings;
import io.channelpilot.workflow.AwsThrottled;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/** Runs every validation rule for one intent and reports the result; creates nothing. */
final class ValidateChannelService {

    private static final Logger LOG = LoggerFactory.getLogger(ValidateChannelService.class);
    private final StackSettings stack;
    private final ValidationSettings settings;
    private final Gateways.All aws;
    private final ValidationEngine engine;
    private final Metrics metrics;
    private final Optional<Executor> prefetch;

    /** Sequential: every AWS lookup on the caller's thread, in rule order (the local world and tests). */
    public ValidateChannelService(StackSettings stack, ValidationSettings settings, Gateways.All aws, ValidationEngine engine,
                                  Metrics metrics) {
        this(stack, settings, aws, engine, metrics, Optional.empty());
    }

    /**
     * With {@code prefetch}, the shared read-only facts (cluster, topic, schema + analysis, buckets, role) are fetched
     * concurrently on it while the rules run in order ({@link ValidationContext#prefetch}); the report is the same.
     */
    public ValidateChannelService(StackSettings stack, ValidationSettings settings, Gateways.All aws, ValidationEngine engine,
                                  Metrics metrics, Optional<Executor> prefetch) {
        this.prefetch = prefetch;
        this.stack = stack;
        this.settings = settings;
        this.aws = aws;
        this.engine = engine;
        this.metrics = metrics;
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> validate(ValidateCommand command) {
        ValidationContext context = new ValidationContext(command.desired(), stack, command.needs(), settings, aws)
                .tableOwner(command.intent() == null ? null : command.intent().tableOwner())
                .completingOwnChannel(command.intent() != null
                        && io.channelpilot.plan.PlanReason.PROVISIONING_INCOMPLETE.name().equals(command.intent().reason()));
        prefetch.ifPresent(context::prefetch);
        ValidationReport report = engine.run(context);
        // One structured line per decision; only codes and names, never schema text or record payloads.
        LOG.info("validated cluster={} topic={} channel={} verdict={} correlationId={} failed={} unknown={}",
                report.clusterArn(), report.topic(), report.channelName(), report.verdict(), command.correlationId(),
                codes(report, Status.FAIL), codes(report, Status.UNKNOWN));
        metrics.addMetric(metricName(report.verdict()), 1, MetricUnit.COUNT);
        if (report.incompleteForTransientFailures()) {
            // Not a refusal: the lookups were throttled or unavailable. The state machine retries Validate with backoff
            // (and the reconcile sweep re-plans if those retries run out), instead of telling the owner "refused".
            throw new AwsThrottled("validation of " + report.channelName() + " (" + codes(report, Status.UNKNOWN)
                    + " could not be checked)", null);
        }
        return ValidateCommand.MAPPER.convertValue(report, Map.class);
    }

    private static String codes(ValidationReport report, Status status) {
        return report.findings().stream().filter(f -> f.status() == status).map(Finding::code).map(Enum::name)
                .distinct().collect(Collectors.joining(","));
    }

    static String metricName(ValidationReport.Verdict verdict) {
        switch (verdict) {
            case PASS:
                return "ValidationsPassed";
            case FAIL:
                return "ValidationsFailed";
            default:
                return "ValidationsIncomplete";
        }
    }
}
