package io.channelpilot.gateway;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Lake Formation grants that let the configured query principals read a channel's namespace (reference §9 "Athena
 * also needs Lake Formation grants"). Idempotent: existing permissions are listed first and only missing ones granted.
 */
public interface GrantGateway {

    GrantState ensure(NamespaceGrant grant);

    /** What a grant targets: the namespace's database, or every table in it (the table appears on first delivery). */
    enum Target { DATABASE, TABLE_WILDCARD }

    /**
     * @param principal   IAM principal ARN (DataLakePrincipalIdentifier)
     * @param catalogId   Lake Formation catalog id of the database, e.g. {@code <account>:s3tablescatalog/<bucket>}
     * @param database    the S3 Tables namespace
     * @param permissions Lake Formation permission names ({@code DESCRIBE}, {@code SELECT})
     */
    record NamespaceGrant(String principal, String catalogId, String database, Target target, Set<String> permissions) {

        public NamespaceGrant {
            Objects.requireNonNull(principal, "principal");
            Objects.requireNonNull(catalogId, "catalogId");
            Objects.requireNonNull(database, "database");
            Objects.requireNonNull(target, "target");
            permissions = Set.copyOf(new TreeSet<>(permissions));
        }

        /** Readable resource name for results and notifications. */
        public String resource() {
            return catalogId + "/" + database + (target == Target.TABLE_WILDCARD ? "/*" : "");
        }
    }

    /** @param granted permissions this call added (empty: everything was already in place) */
    record GrantState(String principal, String resource, List<String> permissions, List<String> granted) {

        public GrantState {
            permissions = List.copyOf(permissions);
            granted = List.copyOf(granted);
        }
    }
}
