package io.channelpilot.local.world.msk;

import io.channelpilot.local.world.msk.MskCollaborators.PermissionCheck;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The configuration errors that turn CREATING into FAILED rather than failing the API call (reference §2 and §10:
 * missing role permissions, a missing DLQ or destination bucket, an unresolvable plain-JSON schema). ASSUMPTION: they
 * are evaluated once, when CreateChannel is accepted, and surface when the CREATING phase ends; AWS does not say when
 * during creation it checks.
 */
final class CreationChecks {

    private final MskCollaborators world;
    private final MskSettings settings;

    CreationChecks(MskCollaborators world, MskSettings settings) {
        this.world = world;
        this.settings = settings;
    }

    Optional<StateInfo> failureOf(ChannelSpec spec, ChannelTimings.Resolved timings) {
        if (timings.scriptedFailure().isPresent()) {
            return timings.scriptedFailure();
        }
        if (!world.roles().exists(spec.roleArn())) {
            return Optional.of(new StateInfo(FailureCodes.ROLE_NOT_FOUND, "Service execution role "
                    + spec.roleArn() + " does not exist or cannot be assumed by kafka.amazonaws.com"));
        }
        if (!world.buckets().exists(spec.dlqBucketName())) {
            return Optional.of(new StateInfo(FailureCodes.DLQ_BUCKET_NOT_FOUND, "Dead-letter queue bucket "
                    + spec.dlqBucketName() + " does not exist"));
        }
        if (spec.destinationType() == ChannelSpec.DestinationType.ICEBERG
                && !world.tableBuckets().exists(spec.tableBucketArn())) {
            return Optional.of(new StateInfo(FailureCodes.TABLE_BUCKET_NOT_FOUND, "Table bucket "
                    + spec.tableBucketArn() + " does not exist"));
        }
        if ("JSON".equals(spec.valueConverter()) && spec.gsrArn() != null) {
            Optional<String> problem = world.schemas().jsonSchemaProblem(spec.gsrArn());
            if (problem.isPresent()) {
                return Optional.of(new StateInfo(FailureCodes.SCHEMA_RESOLUTION_FAILED, "Schema " + spec.gsrArn()
                        + " could not be resolved: " + problem.get()));
            }
        }
        List<PermissionCheck> denied = world.roles().denied(spec.roleArn(),
                RequiredPermissions.forChannel(spec, settings.region(), settings.account()));
        if (!denied.isEmpty()) {
            return Optional.of(new StateInfo(FailureCodes.INSUFFICIENT_PERMISSIONS, "Service execution role "
                    + spec.roleArn() + " is not allowed: " + denied.stream()
                    .map(d -> d.action() + " on " + d.resource()).collect(Collectors.joining(", "))));
        }
        return Optional.empty();
    }
}
