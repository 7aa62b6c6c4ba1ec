package io.channelpilot.gateway;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.lakeformation.LakeFormationClient;
import software.amazon.awssdk.services.lakeformation.model.DataLakePrincipal;
import software.amazon.awssdk.services.lakeformation.model.GrantPermissionsRequest;
import software.amazon.awssdk.services.lakeformation.model.ListPermissionsRequest;
import software.amazon.awssdk.services.lakeformation.model.ListPermissionsResponse;
import software.amazon.awssdk.services.lakeformation.model.PrincipalResourcePermissions;
import software.amazon.awssdk.services.lakeformation.model.Resource;
import software.amazon.awssdk.services.lakeformation.model.TableWildcard;

/**
 * {@link GrantGateway} over Lake Formation: ListPermissions for (principal, resource), then GrantPermissions for the
 * missing ones only; {@code AlreadyExistsException} from a concurrent grant is tolerated.
 *
 * <p>UNCONFIRMED (no AWS page we could read states it for channels): that the S3 Tables namespace is addressed as
 * database {@code <namespace>} in catalog {@code <account>:s3tablescatalog/<bucket>} of the federated Glue catalog.
 * The catalog id is therefore supplied by configuration ({@code CHANNEL_PILOT_LF_CATALOG_ID}), not hard-wired here.
 */
final class SdkGrantGateway implements GrantGateway {

    private static final String SERVICE = "lakeformation";

    private final LakeFormationClient lakeFormation;

    public SdkGrantGateway(LakeFormationClient lakeFormation) {
        this.lakeFormation = Objects.requireNonNull(lakeFormation, "lakeFormation");
    }

    @Override
    public GrantState ensure(NamespaceGrant grant) {
        DataLakePrincipal principal = DataLakePrincipal.builder().dataLakePrincipalIdentifier(grant.principal()).build();
        Resource resource = resource(grant);
        Set<String> existing = existing(principal, resource);
        List<String> missing = new TreeSet<>(grant.permissions()).stream().filter(p -> !existing.contains(p)).toList();
        if (!missing.isEmpty()) {
            AwsErrors.run(SERVICE, "GrantPermissions", "lakeformation:GrantPermissions (and Lake Formation admin or grantable permission on "
                    + grant.resource() + ")", () -> {
                        try {
                            lakeFormation.grantPermissions(GrantPermissionsRequest.builder().principal(principal).resource(resource)
                                    .permissionsWithStrings(missing).build());
                        } catch (SdkException e) {
                            if (!AwsErrors.hasCode(e, "AlreadyExistsException")) {
                                throw e;
                            }
                        }
                    });
        }
        return new GrantState(grant.principal(), grant.resource(), List.copyOf(new TreeSet<>(grant.permissions())), missing);
    }

    private Set<String> existing(DataLakePrincipal principal, Resource resource) {
        Set<String> found = new TreeSet<>();
        String token = null;
        do {
            String next = token;
            ListPermissionsResponse page = AwsErrors.call(SERVICE, "ListPermissions", "lakeformation:ListPermissions",
                    () -> lakeFormation.listPermissions(ListPermissionsRequest.builder().principal(principal).resource(resource)
                            .nextToken(next).build()));
            for (PrincipalResourcePermissions p : page.principalResourcePermissions()) {
                if (p.principal() == null || principal.dataLakePrincipalIdentifier().equals(p.principal().dataLakePrincipalIdentifier())) {
                    found.addAll(p.permissionsAsStrings());
                }
            }
            token = page.nextToken();
        } while (token != null && !token.isEmpty());
        return found;
    }

    private static Resource resource(NamespaceGrant grant) {
        return switch (grant.target()) {
            case DATABASE -> Resource.builder().database(d -> d.catalogId(grant.catalogId()).name(grant.database())).build();
            case TABLE_WILDCARD -> Resource.builder().table(t -> t.catalogId(grant.catalogId()).databaseName(grant.database())
                    .tableWildcard(TableWildcard.builder().build())).build();
        };
    }
}
