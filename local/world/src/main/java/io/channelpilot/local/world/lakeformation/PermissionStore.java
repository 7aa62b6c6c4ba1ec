package io.channelpilot.local.world.lakeformation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Lake Formation grants keyed by (principal, resource). Granting is idempotent: permissions are a set per key, so
 * repeating a grant adds no entry. Thread-safe (synchronised).
 */
public final class PermissionStore {

    static final Set<String> DATABASE_PERMISSIONS = Set.of("ALL", "ALTER", "CREATE_TABLE", "DESCRIBE", "DROP");
    static final Set<String> TABLE_PERMISSIONS = Set.of("ALL", "ALTER", "DELETE", "DESCRIBE", "DROP", "INSERT",
            "SELECT");

    /** Does the database exist? (S3 Tables namespaces for {@code <acct>:s3tablescatalog/<bucket>} catalogs.) */
    @FunctionalInterface
    public interface Databases {
        boolean exists(String catalogId, String databaseName);
    }

    /** One principal's permissions on one resource. */
    public record Grant(String principal, String resourceType, String resourceKey, JsonNode resource,
                        Set<String> permissions, Set<String> grantable) {
    }

    private final String account;
    private final Databases databases;
    private final Map<String, Grant> grants = new LinkedHashMap<>();

    public PermissionStore(String account, Databases databases) {
        this.account = account;
        this.databases = databases;
    }

    /** A parsed, validated resource: type, canonical key, normalized JSON (CatalogId filled in). */
    record Resource(String type, String key, ObjectNode json) {
    }

    Resource resource(JsonNode resource, boolean mustExist) {
        List<String> kinds = new ArrayList<>();
        resource.fieldNames().forEachRemaining(kinds::add);
        if (kinds.size() != 1) {
            throw invalid("Resource must name exactly one resource, found " + kinds);
        }
        String kind = kinds.get(0);
        JsonNode r = resource.path(kind);
        if (!r.isObject()) {
            throw invalid(kind + " must be an object");
        }
        ObjectNode copy = ((ObjectNode) r).deepCopy();
        String catalog = r.path("CatalogId").asText(account);
        copy.put("CatalogId", catalog);
        String database = r.path(kind.equals("Database") ? "Name" : "DatabaseName").asText(null);
        if (database == null || database.isBlank()) {
            throw invalid(kind + " resource needs a database name");
        }
        if (mustExist && !databases.exists(catalog, database)) {
            throw new AwsServiceError(400, "EntityNotFoundException", "Database " + database + " not found in"
                    + " catalog " + catalog);
        }
        ObjectNode json = Json.object();
        json.set(kind, copy);
        return switch (kind) {
            case "Database" -> new Resource("DATABASE", "db|" + catalog + "|" + database, json);
            case "Table" -> {
                boolean wildcard = r.has("TableWildcard");
                String name = r.path("Name").asText(null);
                if (wildcard == (name != null)) {
                    throw invalid("Table resource needs exactly one of Name and TableWildcard");
                }
                yield new Resource("TABLE", "table|" + catalog + "|" + database + "|" + (wildcard ? "*" : name), json);
            }
            default -> throw invalid("The local world supports Database and Table resources, not " + kind);
        };
    }

    public synchronized Grant grant(String principal, JsonNode resource, List<String> permissions,
                                    List<String> grantable) {
        Resource res = resource(resource, true);
        requirePermissions(res, permissions, grantable);
        String key = principal + "|" + res.key();
        Grant current = grants.get(key);
        Set<String> perms = new TreeSet<>(current == null ? Set.of() : current.permissions());
        Set<String> grant = new TreeSet<>(current == null ? Set.of() : current.grantable());
        perms.addAll(permissions);
        grant.addAll(grantable);
        Grant updated = new Grant(principal, res.type(), res.key(), res.json(), Set.copyOf(perms), Set.copyOf(grant));
        grants.put(key, updated);
        return updated;
    }

    public synchronized void revoke(String principal, JsonNode resource, List<String> permissions,
                                    List<String> grantable) {
        Resource res = resource(resource, false);
        requirePermissions(res, permissions, grantable);
        String key = principal + "|" + res.key();
        Grant current = grants.get(key);
        if (current == null || (permissions.stream().noneMatch(current.permissions()::contains)
                && grantable.stream().noneMatch(current.grantable()::contains))) {
            throw invalid("No permissions revoked. Grantee " + principal + " has no matching permissions on the"
                    + " resource");
        }
        Set<String> perms = new TreeSet<>(current.permissions());
        Set<String> grant = new TreeSet<>(current.grantable());
        perms.removeAll(permissions);
        grant.removeAll(grantable);
        if (perms.isEmpty() && grant.isEmpty()) {
            grants.remove(key);
        } else {
            grants.put(key, new Grant(principal, res.type(), res.key(), res.json(), Set.copyOf(perms),
                    Set.copyOf(grant)));
        }
    }

    public synchronized List<Grant> grants() {
        return List.copyOf(grants.values());
    }

    private static void requirePermissions(Resource res, List<String> permissions, List<String> grantable) {
        if (permissions.isEmpty() && grantable.isEmpty()) {
            throw invalid("Permissions must not be empty");
        }
        Set<String> allowed = res.type().equals("DATABASE") ? DATABASE_PERMISSIONS : TABLE_PERMISSIONS;
        for (String p : concat(permissions, grantable)) {
            if (!allowed.contains(p)) {
                throw invalid("Permission " + p + " is not valid for a " + res.type() + " resource; use one of "
                        + new TreeSet<>(allowed));
            }
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    static AwsServiceError invalid(String message) {
        return new AwsServiceError(400, "InvalidInputException", message);
    }
}
