package io.channelpilot.provision;

import io.channelpilot.gateway.GrantGateway.NamespaceGrant;
import io.channelpilot.gateway.GrantGateway.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Read access for the configured query principals on a channel's namespace: DESCRIBE on the database and
 * SELECT+DESCRIBE on every table in it (a wildcard, because MSK creates the table on first delivery, reference §4).
 *
 * <p>UNCONFIRMED: the Lake Formation catalog id of an S3 Tables namespace. We use the federated catalog form
 * {@code <account>:s3tablescatalog/<bucket>} by default; {@code CHANNEL_PILOT_LF_CATALOG_ID} overrides it, with
 * {@code {account}} and {@code {bucket}} placeholders filled from the table bucket ARN.
 */
final class NamespaceGrants {

    public static final String DEFAULT_CATALOG_ID = "{account}:s3tablescatalog/{bucket}";

    private final String catalogIdTemplate;

    public NamespaceGrants(String catalogIdTemplate) {
        this.catalogIdTemplate = catalogIdTemplate;
    }

    /** {@code arn:aws:s3tables:<region>:<account>:bucket/<name>} → the catalog id. */
    public String catalogId(String tableBucketArn) {
        String[] parts = tableBucketArn.split(":", 6);
        if (parts.length < 6 || !parts[5].startsWith("bucket/")) {
            throw new IllegalArgumentException("not an S3 table bucket ARN: " + tableBucketArn);
        }
        return catalogIdTemplate.replace("{account}", parts[4]).replace("{bucket}", parts[5].substring("bucket/".length()));
    }

    public List<NamespaceGrant> forNamespace(List<String> principals, String tableBucketArn, String namespace) {
        String catalog = catalogId(tableBucketArn);
        List<NamespaceGrant> grants = new ArrayList<>();
        for (String principal : principals) {
            grants.add(new NamespaceGrant(principal, catalog, namespace, Target.DATABASE, Set.of("DESCRIBE")));
            grants.add(new NamespaceGrant(principal, catalog, namespace, Target.TABLE_WILDCARD, Set.of("SELECT", "DESCRIBE")));
        }
        return grants;
    }
}
