package io.channelpilot.local.world.lakeformation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * AWS Lake Formation on the shared endpoint (REST-JSON, signing name {@code lakeformation}, {@code POST /<Operation>}):
 * GrantPermissions, RevokePermissions, ListPermissions on Database and Table (incl. TableWildcard) resources.
 */
public final class LakeFormationEmulator implements ServiceEmulator {

    static final Set<String> OPERATIONS = Set.of("GrantPermissions", "RevokePermissions", "ListPermissions");

    private final PermissionStore store;

    public LakeFormationEmulator(PermissionStore store) {
        this.store = store;
    }

    public PermissionStore store() {
        return store;
    }

    @Override
    public String signingName() {
        return "lakeformation";
    }

    @Override
    public Protocol protocol() {
        return Protocol.REST_JSON;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "ThrottledException", "Rate exceeded");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "InternalServiceException", "Injected internal error");
    }

    @Override
    public String operationOf(AwsRequest request) {
        String op = request.rawPath().startsWith("/") ? request.rawPath().substring(1) : request.rawPath();
        if (!request.method().equals("POST") || !OPERATIONS.contains(op)) {
            throw new AwsServiceError(404, "EntityNotFoundException", "The local world does not emulate Lake"
                    + " Formation operation " + request.method() + " " + request.rawPath());
        }
        return op;
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        JsonNode in = Json.parse(request.body());
        ObjectNode out = Json.object();
        switch (operation) {
            case "GrantPermissions" -> store.grant(principal(in), resource(in), list(in, "Permissions"),
                    list(in, "PermissionsWithGrantOption"));
            case "RevokePermissions" -> store.revoke(principal(in), resource(in), list(in, "Permissions"),
                    list(in, "PermissionsWithGrantOption"));
            case "ListPermissions" -> out = list(in);
            default -> throw new IllegalStateException(operation);
        }
        return AwsResponse.json(200, out, Protocol.REST_JSON);
    }

    private ObjectNode list(JsonNode in) {
        String principal = in.path("Principal").path("DataLakePrincipalIdentifier").asText(null);
        String type = in.path("ResourceType").asText(null);
        String key = in.hasNonNull("Resource") ? store.resource(in.path("Resource"), false).key() : null;
        List<PermissionStore.Grant> all = store.grants().stream()
                .filter(g -> principal == null || g.principal().equals(principal))
                .filter(g -> type == null || g.resourceType().equals(type))
                .filter(g -> key == null || g.resourceKey().equals(key)).toList();
        int max = in.path("MaxResults").asInt(1000);
        if (max < 1 || max > 1000) {
            throw PermissionStore.invalid("MaxResults must be between 1 and 1000");
        }
        int offset = 0;
        if (in.hasNonNull("NextToken")) {
            try {
                offset = Integer.parseInt(in.path("NextToken").asText());
            } catch (NumberFormatException e) {
                throw PermissionStore.invalid("NextToken is not valid");
            }
            if (offset < 0 || offset > all.size()) {
                throw PermissionStore.invalid("NextToken is not valid");
            }
        }
        int end = Math.min(all.size(), offset + max);
        ObjectNode out = Json.object();
        ArrayNode items = out.putArray("PrincipalResourcePermissions");
        for (PermissionStore.Grant g : all.subList(offset, end)) {
            ObjectNode item = items.addObject();
            item.putObject("Principal").put("DataLakePrincipalIdentifier", g.principal());
            item.set("Resource", g.resource().deepCopy());
            ArrayNode perms = item.putArray("Permissions");
            g.permissions().stream().sorted().forEach(perms::add);
            ArrayNode grantable = item.putArray("PermissionsWithGrantOption");
            g.grantable().stream().sorted().forEach(grantable::add);
        }
        if (end < all.size()) {
            out.put("NextToken", String.valueOf(end));
        }
        return out;
    }

    private static String principal(JsonNode in) {
        String p = in.path("Principal").path("DataLakePrincipalIdentifier").asText(null);
        if (p == null || p.isBlank()) {
            throw PermissionStore.invalid("Principal.DataLakePrincipalIdentifier is required");
        }
        return p;
    }

    private static JsonNode resource(JsonNode in) {
        if (!in.path("Resource").isObject()) {
            throw PermissionStore.invalid("Resource is required");
        }
        return in.path("Resource");
    }

    private static List<String> list(JsonNode in, String field) {
        List<String> out = new ArrayList<>();
        in.path(field).forEach(n -> out.add(n.asText()));
        return out;
    }
}
