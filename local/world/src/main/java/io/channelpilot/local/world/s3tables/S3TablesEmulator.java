package io.channelpilot.local.world.s3tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Amazon S3 Tables on the shared endpoint (REST-JSON, signing name {@code s3tables}; paths from the SDK 2.40.2
 * marshallers): table buckets (and their default encryption), namespaces, tables, DeleteTable. Timestamps are ISO-8601 strings (the model's
 * timestamp format).
 */
public final class S3TablesEmulator implements ServiceEmulator {

    private final TableCatalog catalog;

    public S3TablesEmulator(TableCatalog catalog) {
        this.catalog = catalog;
    }

    public TableCatalog catalog() {
        return catalog;
    }

    @Override
    public String signingName() {
        return "s3tables";
    }

    @Override
    public Protocol protocol() {
        return Protocol.REST_JSON;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(429, "TooManyRequestsException", "Too many requests");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "InternalServerErrorException", "Injected internal error");
    }

    @Override
    public String operationOf(AwsRequest request) {
        List<String> s = request.pathSegments();
        String m = request.method();
        String root = s.isEmpty() ? "" : s.get(0);
        String op = switch (root + "/" + s.size() + "/" + m) {
            case "buckets/1/PUT" -> "CreateTableBucket";
            case "buckets/1/GET" -> "ListTableBuckets";
            case "buckets/2/GET" -> "GetTableBucket";
            case "buckets/3/GET" -> s.get(2).equals("encryption") ? "GetTableBucketEncryption" : null;
            case "buckets/3/PUT" -> s.get(2).equals("encryption") ? "PutTableBucketEncryption" : null;
            case "namespaces/2/PUT" -> "CreateNamespace";
            case "namespaces/2/GET" -> "ListNamespaces";
            case "namespaces/3/GET" -> "GetNamespace";
            case "tables/2/GET" -> "ListTables";
            case "tables/3/PUT" -> "CreateTable";
            case "tables/4/DELETE" -> "DeleteTable";
            case "get-table/1/GET" -> "GetTable";
            default -> null;
        };
        if (op == null) {
            throw new AwsServiceError(404, "NotFoundException", "No S3 Tables operation for " + m + " "
                    + request.rawPath());
        }
        return op;
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        if (operation.equals("DeleteTable")) {
            // Not under the catalog lock: deletion listeners take the MSK emulator's lock.
            return answer(request, operation);
        }
        synchronized (catalog) {
            return answer(request, operation);
        }
    }

    private AwsResponse answer(AwsRequest request, String operation) {
        List<String> s = request.pathSegments();
        JsonNode in = Json.parse(request.body());
        ObjectNode out = switch (operation) {
            case "CreateTableBucket" -> Json.object().put("arn", catalog.createTableBucket(text(in, "name")));
            case "ListTableBuckets" -> listBuckets(request);
            case "GetTableBucket" -> bucketJson(catalog.bucket(s.get(1)));
            case "GetTableBucketEncryption" -> encryptionJson(catalog.encryption(s.get(1)));
            case "PutTableBucketEncryption" -> {
                JsonNode e = in.path("encryptionConfiguration");
                catalog.putEncryption(s.get(1), new TableCatalog.Encryption(text(e, "sseAlgorithm"), text(e, "kmsKeyArn")));
                yield null;
            }
            case "CreateNamespace" -> createNamespace(s.get(1), in);
            case "ListNamespaces" -> listNamespaces(s.get(1), request);
            case "GetNamespace" -> getNamespace(s.get(1), s.get(2));
            case "CreateTable" -> createTable(s.get(1), s.get(2), in);
            case "ListTables" -> listTables(s.get(1), request);
            case "GetTable" -> getTable(request);
            case "DeleteTable" -> {
                catalog.deleteTable(s.get(1), s.get(2), s.get(3), request.queryParam("versionToken").orElse(null));
                yield null;
            }
            default -> throw new IllegalStateException(operation);
        };
        return out == null ? AwsResponse.empty(204) : AwsResponse.json(200, out, Protocol.REST_JSON);
    }

    private ObjectNode listBuckets(AwsRequest request) {
        Optional<String> prefix = request.queryParam("prefix");
        List<TableCatalog.Bucket> all = catalog.buckets().stream()
                .filter(b -> prefix.map(p -> b.name().startsWith(p)).orElse(true)).toList();
        Page<TableCatalog.Bucket> page = page(all, request, "maxBuckets");
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("tableBuckets");
        page.items().forEach(b -> list.add(bucketJson(b)));
        page.token().ifPresent(t -> out.put("continuationToken", t));
        return out;
    }

    private ObjectNode bucketJson(TableCatalog.Bucket b) {
        return Json.object().put("arn", b.arn()).put("name", b.name()).put("ownerAccountId", catalog.account())
                .put("createdAt", b.createdAt().toString()).put("tableBucketId", b.id()).put("type", "customer");
    }

    private static ObjectNode encryptionJson(TableCatalog.Encryption e) {
        ObjectNode out = Json.object();
        ObjectNode config = out.putObject("encryptionConfiguration").put("sseAlgorithm", e.sseAlgorithm());
        if (e.kmsKeyArn() != null) {
            config.put("kmsKeyArn", e.kmsKeyArn());
        }
        return out;
    }

    private ObjectNode createNamespace(String bucketArn, JsonNode in) {
        JsonNode ns = in.path("namespace");
        if (!ns.isArray() || ns.size() != 1) {
            throw TableNames.badRequest("namespace must contain exactly one name");
        }
        catalog.createNamespace(bucketArn, ns.get(0).asText());
        ObjectNode out = Json.object().put("tableBucketARN", bucketArn);
        out.putArray("namespace").add(ns.get(0).asText());
        return out;
    }

    private ObjectNode getNamespace(String bucketArn, String namespace) {
        TableCatalog.Bucket b = catalog.bucket(bucketArn);
        return namespaceJson(b, namespace);
    }

    private ObjectNode namespaceJson(TableCatalog.Bucket b, String namespace) {
        ObjectNode out = Json.object();
        out.putArray("namespace").add(namespace);
        return out.put("createdAt", catalog.namespaceCreated(b, namespace).toString())
                .put("createdBy", catalog.account()).put("ownerAccountId", catalog.account())
                .put("namespaceId", b.namespaceIds().get(namespace)).put("tableBucketId", b.id());
    }

    private ObjectNode listNamespaces(String bucketArn, AwsRequest request) {
        TableCatalog.Bucket b = catalog.bucket(bucketArn);
        Optional<String> prefix = request.queryParam("prefix");
        List<String> all = b.namespaces().keySet().stream()
                .filter(n -> prefix.map(n::startsWith).orElse(true)).toList();
        Page<String> page = page(all, request, "maxNamespaces");
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("namespaces");
        page.items().forEach(n -> list.add(namespaceJson(b, n)));
        page.token().ifPresent(t -> out.put("continuationToken", t));
        return out;
    }

    private ObjectNode createTable(String bucketArn, String namespace, JsonNode in) {
        TableView t = catalog.createTable(bucketArn, namespace, text(in, "name"), text(in, "format"), null);
        return Json.object().put("tableARN", t.tableArn()).put("versionToken", t.versionToken());
    }

    private ObjectNode getTable(AwsRequest request) {
        Optional<String> arn = request.queryParam("tableArn");
        TableView t;
        if (arn.isPresent()) {
            t = catalog.tableByArn(arn.get()).orElseThrow(() -> TableCatalog.notFound("The table " + arn.get()
                    + " does not exist"));
        } else {
            String bucket = request.queryParam("tableBucketARN").orElseThrow(() -> TableNames.badRequest(
                    "tableBucketARN, namespace and name (or tableArn) are required"));
            String ns = request.queryParam("namespace")
                    .orElseThrow(() -> TableNames.badRequest("namespace is required"));
            String name = request.queryParam("name").orElseThrow(() -> TableNames.badRequest("name is required"));
            catalog.namespaceCreated(catalog.bucket(bucket), ns);
            t = catalog.table(bucket, ns, name).orElseThrow(() -> TableCatalog.notFound("The table " + ns + "."
                    + name + " does not exist"));
        }
        TableCatalog.Bucket b = catalog.bucket(t.tableBucketArn());
        ObjectNode out = tableSummary(b, t);
        out.put("versionToken", t.versionToken()).put("warehouseLocation", t.warehouseLocation())
                .put("createdBy", catalog.account()).put("modifiedBy", catalog.account())
                .put("ownerAccountId", catalog.account()).put("format", "ICEBERG");
        t.metadataLocation().ifPresent(m -> out.put("metadataLocation", m));
        return out;
    }

    private ObjectNode listTables(String bucketArn, AwsRequest request) {
        TableCatalog.Bucket b = catalog.bucket(bucketArn);
        Optional<String> ns = request.queryParam("namespace");
        Optional<String> prefix = request.queryParam("prefix");
        List<TableView> all = b.tables().values().stream()
                .filter(t -> ns.map(n -> t.namespace().equals(n)).orElse(true))
                .filter(t -> prefix.map(p -> t.name().startsWith(p)).orElse(true)).toList();
        Page<TableView> page = page(all, request, "maxTables");
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("tables");
        page.items().forEach(t -> list.add(tableSummary(b, t)));
        page.token().ifPresent(tok -> out.put("continuationToken", tok));
        return out;
    }

    private static ObjectNode tableSummary(TableCatalog.Bucket b, TableView t) {
        ObjectNode out = Json.object();
        out.putArray("namespace").add(t.namespace());
        out.put("name", t.name()).put("type", "customer").put("tableARN", t.tableArn())
                .put("createdAt", t.createdAt().toString()).put("modifiedAt", t.createdAt().toString())
                .put("namespaceId", b.namespaceIds().get(t.namespace())).put("tableBucketId", b.id());
        t.managedByService().ifPresent(s -> out.put("managedByService", s));
        return out;
    }

    record Page<T>(List<T> items, Optional<String> token) {
    }

    private static <T> Page<T> page(List<T> all, AwsRequest request, String maxParam) {
        int max = request.queryParam(maxParam).map(Integer::parseInt).orElse(1000);
        if (max < 1 || max > 1000) {
            throw TableNames.badRequest(maxParam + " must be between 1 and 1000");
        }
        int offset = request.queryParam("continuationToken").map(t -> decode(t, all.size())).orElse(0);
        int end = Math.min(all.size(), offset + max);
        Optional<String> next = end < all.size() ? Optional.of(Base64.getUrlEncoder().withoutPadding()
                .encodeToString(String.valueOf(end).getBytes(StandardCharsets.UTF_8))) : Optional.empty();
        return new Page<>(List.copyOf(all.subList(offset, end)), next);
    }

    private static int decode(String token, int size) {
        try {
            int v = Integer.parseInt(new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8));
            if (v >= 0 && v <= size) {
                return v;
            }
        } catch (IllegalArgumentException e) {
            // handled below
        }
        throw TableNames.badRequest("The continuation token is not valid");
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isTextual() ? v.asText() : null;
    }

}
