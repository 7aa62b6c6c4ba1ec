package io.channelpilot.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A Glue Schema Registry schema named {@code <registry>/<schema>} in a tag. The ARN is built from the cluster's region
 * and account (DESIGN §3): {@code arn:aws:glue:<region>:<account>:schema/<registry>/<schema>}.
 */
public record SchemaRef(String registry, String schema) {

    /** Glue registry and schema names: letters, digits, {@code - _ $ # .}, 1–255; tags further forbid {@code $ #}. */
    private static final Pattern NAME = Pattern.compile("^[A-Za-z0-9._-]{1,255}$");

    public SchemaRef {
        if (registry == null || !NAME.matcher(registry).matches()) {
            throw new IllegalArgumentException("invalid Glue registry name: " + registry);
        }
        if (schema == null || !NAME.matcher(schema).matches()) {
            throw new IllegalArgumentException("invalid Glue schema name: " + schema);
        }
    }

    /** Parses {@code <registry>/<schema>}; throws {@link IllegalArgumentException} naming the value. */
    public static SchemaRef parse(String value) {
        Objects.requireNonNull(value, "value");
        int slash = value.indexOf('/');
        if (slash <= 0 || slash == value.length() - 1 || value.indexOf('/', slash + 1) >= 0) {
            throw new IllegalArgumentException("expected <registry>/<schema>, got: " + value);
        }
        return new SchemaRef(value.substring(0, slash), value.substring(slash + 1));
    }

    public String arn(ClusterArn cluster) {
        return "arn:" + cluster.partition() + ":glue:" + cluster.region() + ":" + cluster.account() + ":schema/" + registry
                + "/" + schema;
    }

    public String registryArn(ClusterArn cluster) {
        return "arn:" + cluster.partition() + ":glue:" + cluster.region() + ":" + cluster.account() + ":registry/"
                + registry;
    }

    @Override
    public String toString() {
        return registry + "/" + schema;
    }
}
