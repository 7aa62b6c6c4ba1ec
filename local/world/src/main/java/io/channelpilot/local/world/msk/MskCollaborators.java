package io.channelpilot.local.world.msk;

import io.channelpilot.local.world.http.BucketDirectory;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the MSK emulator asks the rest of the world when it validates and provisions a channel. The world wires these
 * to the Logs, S3 Tables, Glue and IAM emulators and the S3 front; the interfaces keep this package independent of
 * them.
 */
public record MskCollaborators(LogGroups logGroups, BucketDirectory buckets, TableBuckets tableBuckets,
                               Schemas schemas, Roles roles) {

    public MskCollaborators {
        Objects.requireNonNull(logGroups, "logGroups");
        Objects.requireNonNull(buckets, "buckets");
        Objects.requireNonNull(tableBuckets, "tableBuckets");
        Objects.requireNonNull(schemas, "schemas");
        Objects.requireNonNull(roles, "roles");
    }

    /** CloudWatch Logs: does the log group exist? */
    @FunctionalInterface
    public interface LogGroups {
        boolean exists(String logGroupName);
    }

    /** S3 Tables: does the table bucket with this ARN exist? */
    @FunctionalInterface
    public interface TableBuckets {
        boolean exists(String tableBucketArn);
    }

    /** Glue Schema Registry: why {@code gsrArn} does not resolve to a JSON schema, or empty when it does. */
    @FunctionalInterface
    public interface Schemas {
        Optional<String> jsonSchemaProblem(String gsrArn);

        /** The schema's latest definition, captured when a plain-JSON channel is created (reference §2). */
        default Optional<String> latestDefinition(String gsrArn) {
            return Optional.empty();
        }
    }

    /** IAM: role existence and policy simulation. */
    public interface Roles {
        boolean exists(String roleArn);

        /** The checks the role's policies do not allow (implicit or explicit deny); empty when all are allowed. */
        List<PermissionCheck> denied(String roleArn, List<PermissionCheck> checks);
    }

    /** One action on one resource ARN, as IAM SimulatePrincipalPolicy evaluates it. */
    public record PermissionCheck(String action, String resource) {
    }
}
