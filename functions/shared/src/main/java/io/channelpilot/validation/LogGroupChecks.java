package io.channelpilot.validation;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Channel log group rules. Provision creates the group (retention, KMS) before CreateChannel, so a missing group is
 * fine; an existing one must have a valid name and should use the stack's key.
 */
final class LogGroupChecks {

    /** CloudWatch Logs: 1-512 characters of {@code a-zA-Z0-9 _ - / . #}. */
    private static final Pattern NAME = Pattern.compile("^[\\.\\-_/#A-Za-z0-9]{1,512}$");

    private LogGroupChecks() {
    }

    static List<Check> all() {
        return List.of(name(), encryption());
    }

    static Check name() {
        return Check.of(RuleCode.LOG_GROUP_NAME, ctx -> {
            String name = ctx.spec().infrastructure().logGroup();
            return NAME.matcher(name).matches()
                    ? RuleCode.LOG_GROUP_NAME.pass("Log group name " + name + " is valid.")
                    : RuleCode.LOG_GROUP_NAME.fail("Log group name '" + name + "' is not valid for CloudWatch Logs.",
                            "Set the LogGroupPrefix stack setting to 1-512 characters of letters, digits and _ - / . #.");
        });
    }

    static Check encryption() {
        return Check.of(RuleCode.LOG_GROUP_ENCRYPTION, ctx -> {
            String name = ctx.spec().infrastructure().logGroup();
            return ctx.logGroup().fold(group -> {
                if (group.isEmpty()) {
                    return RuleCode.LOG_GROUP_ENCRYPTION.pass("Log group " + name + " does not exist yet; Provision creates it"
                            + ctx.spec().infrastructure().kmsKey().map(k -> " encrypted with " + k).orElse("") + ".");
                }
                var wanted = ctx.spec().infrastructure().kmsKey();
                if (wanted.isEmpty() || wanted.equals(group.get().kmsKey())) {
                    return RuleCode.LOG_GROUP_ENCRYPTION.pass("Log group " + name + " exists"
                            + group.get().kmsKey().map(k -> " encrypted with " + k).orElse("") + ".");
                }
                return RuleCode.LOG_GROUP_ENCRYPTION.fail("Log group " + name + " exists "
                                + group.get().kmsKey().map(k -> "with key " + k).orElse("without a KMS key") + ", not the stack's key " + wanted.get() + ".",
                        "Associate the key: aws logs associate-kms-key --log-group-name " + name + " --kms-key-id " + wanted.get() + ".");
            }, RuleCode.LOG_GROUP_ENCRYPTION::unknown);
        });
    }
}
