package io.channelpilot.local.world.lakeformation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.msk.SdkClients;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.lakeformation.LakeFormationClient;
import software.amazon.awssdk.services.lakeformation.model.DataLakePrincipal;
import software.amazon.awssdk.services.lakeformation.model.DataLakeResourceType;
import software.amazon.awssdk.services.lakeformation.model.EntityNotFoundException;
import software.amazon.awssdk.services.lakeformation.model.InvalidInputException;
import software.amazon.awssdk.services.lakeformation.model.Permission;
import software.amazon.awssdk.services.lakeformation.model.PrincipalResourcePermissions;
import software.amazon.awssdk.services.lakeformation.model.Resource;
import software.amazon.awssdk.services.lakeformation.model.TableWildcard;

/** Lake Formation grants through the real LakeFormationClient. */
class LakeFormationContractTest {

    private static final String CATALOG = "123456789012:s3tablescatalog/analytics";
    private static final DataLakePrincipal ANALYST = DataLakePrincipal.builder()
            .dataLakePrincipalIdentifier("arn:aws:iam::123456789012:role/analyst").build();
    private static final Resource TABLES = Resource.builder().table(t -> t.catalogId(CATALOG).databaseName("sales")
            .tableWildcard(TableWildcard.builder().build())).build();
    private static final Resource DATABASE = Resource.builder().database(d -> d.catalogId(CATALOG).name("sales"))
            .build();

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private EmulatorServer server;
    private PermissionStore store;
    private LakeFormationClient lf;

    @BeforeEach
    void start() throws Exception {
        store = new PermissionStore("123456789012", (catalog, db) -> !db.equals("missing"));
        server = EmulatorServer.start(new FaultInjector(1, clock)).register(new LakeFormationEmulator(store));
        lf = SdkClients.client(LakeFormationClient.builder(), server.endpoint());
    }

    @AfterEach
    void stop() {
        lf.close();
        server.close();
    }

    @Test
    void shouldGrantTableWildcardIdempotentlyWithoutDuplicateEntries() {
        lf.grantPermissions(r -> r.principal(ANALYST).resource(TABLES).permissions(Permission.SELECT,
                Permission.DESCRIBE));
        lf.grantPermissions(r -> r.principal(ANALYST).resource(TABLES).permissions(Permission.SELECT));

        var listed = lf.listPermissions(r -> r.principal(ANALYST)).principalResourcePermissions();

        assertThat(listed).hasSize(1);
        PrincipalResourcePermissions p = listed.get(0);
        assertThat(p.principal().dataLakePrincipalIdentifier()).isEqualTo("arn:aws:iam::123456789012:role/analyst");
        assertThat(p.resource().table().databaseName()).isEqualTo("sales");
        assertThat(p.resource().table().catalogId()).isEqualTo(CATALOG);
        assertThat(p.resource().table().tableWildcard()).isNotNull();
        assertThat(p.permissions()).containsExactly(Permission.DESCRIBE, Permission.SELECT);
        assertThat(store.grants()).hasSize(1);
    }

    @Test
    void shouldListByResourceTypeAndResource() {
        lf.grantPermissions(r -> r.principal(ANALYST).resource(TABLES).permissions(Permission.SELECT));
        lf.grantPermissions(r -> r.principal(ANALYST).resource(DATABASE).permissions(Permission.DESCRIBE));

        var databases = lf.listPermissions(r -> r.resourceType(DataLakeResourceType.DATABASE));
        var tables = lf.listPermissions(r -> r.resource(TABLES));
        var page = lf.listPermissions(r -> r.maxResults(1));
        var rest = lf.listPermissions(r -> r.maxResults(1).nextToken(page.nextToken()));

        assertThat(databases.principalResourcePermissions()).extracting(p -> p.resource().database().name())
                .containsExactly("sales");
        assertThat(tables.principalResourcePermissions()).hasSize(1);
        assertThat(tables.principalResourcePermissions().get(0).permissions()).containsExactly(Permission.SELECT);
        assertThat(page.principalResourcePermissions()).hasSize(1);
        assertThat(rest.principalResourcePermissions()).hasSize(1);
        assertThat(rest.nextToken()).isNull();
    }

    @Test
    void shouldRevokeAndRefuseRevokingWhatWasNotGranted() {
        lf.grantPermissions(r -> r.principal(ANALYST).resource(TABLES).permissions(Permission.SELECT,
                Permission.DESCRIBE));

        lf.revokePermissions(r -> r.principal(ANALYST).resource(TABLES).permissions(Permission.SELECT));
        var afterOne = lf.listPermissions(r -> r.principal(ANALYST)).principalResourcePermissions();
        lf.revokePermissions(r -> r.principal(ANALYST).resource(TABLES).permissions(Permission.DESCRIBE));

        assertThat(afterOne.get(0).permissions()).containsExactly(Permission.DESCRIBE);
        assertThat(lf.listPermissions(r -> r.principal(ANALYST)).principalResourcePermissions()).isEmpty();
        assertThatThrownBy(() -> lf.revokePermissions(r -> r.principal(ANALYST).resource(TABLES)
                .permissions(Permission.SELECT))).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void shouldRejectInvalidGrants() {
        assertThatThrownBy(() -> lf.grantPermissions(r -> r.principal(ANALYST).resource(DATABASE)
                .permissions(Permission.SELECT))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("not valid for a DATABASE");
        assertThatThrownBy(() -> lf.grantPermissions(r -> r.principal(ANALYST).resource(x -> x.table(t -> t
                .catalogId(CATALOG).databaseName("sales"))).permissions(Permission.SELECT)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("TableWildcard");
        assertThatThrownBy(() -> lf.grantPermissions(r -> r.principal(ANALYST).resource(x -> x.database(d -> d
                .catalogId(CATALOG).name("missing"))).permissions(Permission.DESCRIBE)))
                .isInstanceOf(EntityNotFoundException.class);
        assertThatThrownBy(() -> lf.grantPermissions(r -> r.resource(TABLES).permissions(Permission.SELECT)))
                .isInstanceOf(InvalidInputException.class);
        assertThat(store.grants()).isEmpty();
    }
}
