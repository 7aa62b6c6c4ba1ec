package io.channelpilot.local.world.s3tables;

import io.channelpilot.local.world.http.AwsServiceError;
import java.util.regex.Pattern;

/**
 * S3 Tables naming rules (reference §4, S3 User Guide "Table bucket, table, and namespace naming rules"). Violations
 * are 400 BadRequestException naming the rule.
 */
public final class TableNames {

    private static final Pattern BUCKET = Pattern.compile("^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$");
    private static final Pattern NAME = Pattern.compile("^[a-z0-9]([a-z0-9_]{0,253}[a-z0-9])?$");

    private TableNames() {
    }

    /** Table buckets: 3-63 characters, lowercase letters, digits and hyphens, starting and ending alphanumeric. */
    public static void requireBucketName(String name) {
        if (name == null || !BUCKET.matcher(name).matches() || name.startsWith("xn--") || name.endsWith("-s3alias")
                || name.endsWith("--table-s3")) {
            throw badRequest("Invalid table bucket name '" + name + "': use 3-63 lowercase letters, digits and"
                    + " hyphens, starting and ending with a letter or digit");
        }
    }

    /** Namespaces: 1-255 of {@code [a-z0-9_]}, start and end with a letter or digit, not starting with {@code aws}. */
    public static void requireNamespace(String name) {
        if (name == null || !NAME.matcher(name).matches() || name.startsWith("aws")) {
            throw badRequest("Invalid namespace '" + name + "': use 1-255 lowercase letters, digits and underscores,"
                    + " starting and ending with a letter or digit, not starting with 'aws'");
        }
    }

    /** Tables: 1-255 of {@code [a-z0-9_]}, start and end with a letter or digit. */
    public static void requireTableName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw badRequest("Invalid table name '" + name + "': use 1-255 lowercase letters, digits and"
                    + " underscores, starting and ending with a letter or digit");
        }
    }

    public static boolean isValidNamespace(String name) {
        return name != null && NAME.matcher(name).matches() && !name.startsWith("aws");
    }

    public static boolean isValidTableName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    static AwsServiceError badRequest(String message) {
        return new AwsServiceError(400, "BadRequestException", message);
    }
}
