package io.channelpilot.validation;

import io.channelpilot.gateway.Facts;
import io.channelpilot.gateway.GatewayFailure;
import io.channelpilot.gateway.GatewayResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** Service execution role rules: trust policy, permissions by policy simulation, KMS permissions. */
final class RoleChecks {

    private RoleChecks() {
    }

    static List<Check> all() {
        return List.of(trust(), permissions(), kmsPermissions());
    }

    static Check trust() {
        return Check.of(RuleCode.ROLE_TRUST, ctx -> ctx.role().fold(role -> {
            if (role.isEmpty()) {
                return missingRole(RuleCode.ROLE_TRUST, ctx);
            }
            List<String> missing = TrustPolicy.missing(role.get().trustPolicy(), ctx.cluster().account());
            return missing.isEmpty()
                    ? RuleCode.ROLE_TRUST.pass("Role " + role.get().name() + " trusts " + TrustPolicy.SERVICE + " with aws:SourceAccount and aws:SourceArn conditions.")
                    : RuleCode.ROLE_TRUST.fail("Trust policy of role " + role.get().name() + " lacks: " + String.join("; ", missing) + ".",
                            "Set the trust policy to: Allow " + TrustPolicy.SERVICE + " sts:AssumeRole with StringEquals aws:SourceAccount="
                                    + ctx.cluster().account() + " and ArnLike aws:SourceArn=" + ctx.cluster().channelArnPattern() + ".");
        }, RuleCode.ROLE_TRUST::unknown));
    }

    static Check permissions() {
        return Check.of(RuleCode.ROLE_PERMISSIONS, ctx -> ctx.role().fold(role -> {
            if (role.isEmpty()) {
                return missingRole(RuleCode.ROLE_PERMISSIONS, ctx);
            }
            List<Facts.Denial> denied = new ArrayList<>();
            for (Supplier<GatewayResult<List<Facts.Denial>>> simulation
                    : ctx.simulations(role.get().arn(), RolePermissions.required(ctx.spec()))) {
                GatewayResult<List<Facts.Denial>> result = simulation.get();
                if (result instanceof GatewayResult.Failed<List<Facts.Denial>> failed) {
                    return RuleCode.ROLE_PERMISSIONS.unknown(failed.failure());
                }
                denied.addAll(((GatewayResult.Ok<List<Facts.Denial>>) result).value());
            }
            return denied.isEmpty()
                    ? RuleCode.ROLE_PERMISSIONS.pass("Role " + role.get().name() + " may use the table bucket, DLQ, schema and log group.")
                    : RuleCode.ROLE_PERMISSIONS.fail("Role " + role.get().name() + " is not allowed: " + describe(denied) + ".",
                            "Add these statements to the role policy (reference §9): " + describe(denied) + ".");
        }, RuleCode.ROLE_PERMISSIONS::unknown));
    }

    /**
     * KMS keys in play: the stack's key (channel encryption, log group, table), an SSE-KMS key on the DLQ bucket and
     * on the table bucket. A missing grant is an error; a lookup that failed makes the rule UNKNOWN, never PASS.
     */
    static Check kmsPermissions() {
        return Check.of(RuleCode.ROLE_KMS_PERMISSIONS, ctx -> ctx.role().fold(role -> {
            if (role.isEmpty()) {
                return missingRole(RuleCode.ROLE_KMS_PERMISSIONS, ctx);
            }
            Set<String> keys = new LinkedHashSet<>();
            List<GatewayFailure> failures = new ArrayList<>();
            ctx.spec().infrastructure().kmsKey().ifPresent(keys::add);
            collect(ctx.dlqEncryption(), keys, failures, ctx);
            collect(ctx.tableBucketEncryption(), keys, failures, ctx);
            List<Facts.Denial> denied = new ArrayList<>();
            for (String key : keys) {
                GatewayResult<List<Facts.Denial>> result = ctx.aws().iam().simulate(role.get().arn(), RolePermissions.KMS_ACTIONS, key);
                if (result instanceof GatewayResult.Failed<List<Facts.Denial>> failed) {
                    failures.add(failed.failure());
                } else {
                    denied.addAll(((GatewayResult.Ok<List<Facts.Denial>>) result).value());
                }
            }
            if (!denied.isEmpty()) {
                return RuleCode.ROLE_KMS_PERMISSIONS.fail("Role " + role.get().name() + " may not use KMS: " + describe(denied) + ".",
                        "Allow kms:Decrypt and kms:GenerateDataKey on " + denied.stream().map(Facts.Denial::resource).distinct()
                                .collect(Collectors.joining(", ")) + " in the role policy and the key policy.");
            }
            if (!failures.isEmpty()) {
                return RuleCode.ROLE_KMS_PERMISSIONS.unknown(failures.get(0));
            }
            return RuleCode.ROLE_KMS_PERMISSIONS.pass(keys.isEmpty() ? "No customer-managed KMS key is in use."
                    : "Role " + role.get().name() + " may use " + String.join(", ", keys) + ".");
        }, RuleCode.ROLE_KMS_PERMISSIONS::unknown));
    }

    private static void collect(GatewayResult<Facts.BucketEncryption> encryption, Set<String> keys, List<GatewayFailure> failures,
                                ValidationContext ctx) {
        encryption.fold(e -> {
            if (e.usesKms() && !e.kmsKeyId().isEmpty()) {
                keys.add(RolePermissions.keyArn(e.kmsKeyId(), ctx.cluster()));
            }
            return null;
        }, f -> failures.add(f));
    }

    private static Finding missingRole(RuleCode rule, ValidationContext ctx) {
        return rule.fail("Service role " + ctx.spec().infrastructure().serviceRoleArn() + " does not exist.",
                "Create the role (the stack creates one by default) or set the ServiceRoleArn stack parameter to an existing role.");
    }

    private static String describe(List<Facts.Denial> denied) {
        return denied.stream().collect(Collectors.groupingBy(Facts.Denial::resource, java.util.LinkedHashMap::new,
                        Collectors.mapping(Facts.Denial::action, Collectors.toList())))
                .entrySet().stream().map(e -> String.join(", ", e.getValue()) + " on " + e.getKey())
                .collect(Collectors.joining("; "));
    }
}
