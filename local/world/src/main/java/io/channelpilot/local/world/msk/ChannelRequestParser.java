package io.channelpilot.local.world.msk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Validates a CreateChannel body against every documented rule (reference §1.1 and its emulator checklist) and turns it
 * into a {@link ChannelSpec} plus the configuration DescribeChannel echoes (defaults 600 s / ZSTD filled in). Every
 * violation is a 400 {@code BadRequestException} whose {@code invalidParameter} names the member. UNCONFIRMED: AWS's
 * exact messages; ours name the rule and the fix.
 */
final class ChannelRequestParser {

    static final Pattern CHANNEL_NAME = Pattern.compile("^[a-zA-Z0-9._-]{1,64}$");
    static final int MIN_FRESHNESS = 300;
    static final int MAX_FRESHNESS = 900;
    static final int DEFAULT_FRESHNESS = 600;
    private static final Set<String> ICEBERG_CONVERTERS = Set.of("JSON", "JSON_SCHEMA_GSR");
    private static final Set<String> S3_CONVERTERS = Set.of("BYTE_ARRAY", "STRING", "JSON");
    private static final Set<String> ICEBERG_COMPRESSION = Set.of("ZSTD", "SNAPPY");
    private static final Set<String> S3_COMPRESSION = Set.of("NONE", "GZIP", "ZSTD");
    private static final Set<String> STORAGE_CLASSES = Set.of("STANDARD", "INTELLIGENT_TIERING", "GLACIER_IR");
    private static final Pattern ACCOUNT = Pattern.compile("^\\d{12}$");

    /** The parsed request: typed spec plus the normalized configuration members to echo on Describe. */
    record Parsed(ChannelSpec spec, ObjectNode echo) {
    }

    private final MskSettings settings;
    private final Function<String, Optional<String>> topicNameOfExistingTopic;
    private final MskCollaborators.LogGroups logGroups;

    ChannelRequestParser(MskSettings settings, Function<String, Optional<String>> topicNameOfExistingTopic,
                         MskCollaborators.LogGroups logGroups) {
        this.settings = settings;
        this.topicNameOfExistingTopic = topicNameOfExistingTopic;
        this.logGroups = logGroups;
    }

    Parsed parse(JsonNode body) {
        ObjectNode echo = body.isObject() ? ((ObjectNode) body).deepCopy() : Json.object();
        String name = requiredText(body, "channelName");
        if (settings.enforceChannelNamePattern() && !CHANNEL_NAME.matcher(name).matches()) {
            throw MskErrors.badRequest("channelName", "channelName '" + name + "' must match "
                    + CHANNEL_NAME.pattern() + " (letters, digits, '.', '_', '-', 1-64 characters)");
        }
        JsonNode topics = body.path("topicConfigurationList");
        if (!topics.isArray() || topics.size() != 1) {
            throw MskErrors.badRequest("topicConfigurationList",
                    "topicConfigurationList must contain exactly one topic configuration, found "
                            + (topics.isArray() ? topics.size() : 0));
        }
        JsonNode topicConfig = topics.get(0);
        String topicArn = requiredText(topicConfig, "topicArn", "topicConfigurationList.topicArn");
        // UNCONFIRMED: the status AWS returns for an unknown topic; we use 400 naming the member.
        String topicName = topicNameOfExistingTopic.apply(topicArn).orElseThrow(() -> MskErrors.badRequest(
                "topicArn", "Topic " + topicArn + " does not exist in this cluster; create the topic first"));
        String converter = requiredText(topicConfig.path("recordConverter"), "valueConverter",
                "topicConfigurationList.recordConverter.valueConverter");
        String gsrArn = optionalText(topicConfig.path("recordSchema"), "gsrArn");
        if (topicConfig.has("recordSchema") && gsrArn == null) {
            throw MskErrors.badRequest("gsrArn", "recordSchema.gsrArn is required when recordSchema is present");
        }
        boolean iceberg = body.hasNonNull("icebergDestinationConfiguration");
        boolean s3 = body.hasNonNull("s3DestinationConfiguration");
        if (iceberg == s3) {
            throw MskErrors.badRequest("destinationConfiguration", "Exactly one of icebergDestinationConfiguration"
                    + " and s3DestinationConfiguration is required, found " + (iceberg ? "both" : "neither"));
        }
        String kmsKeyArn = null;
        if (body.hasNonNull("encryptionConfiguration")) {
            kmsKeyArn = requiredText(body.path("encryptionConfiguration"), "kmsKeyArn",
                    "encryptionConfiguration.kmsKeyArn");
        }
        String logGroup = logGroup(body.path("loggingInfo"));
        Map<String, String> tags = tags(body.path("tags"));
        ChannelSpec spec = iceberg
                ? iceberg(body.path("icebergDestinationConfiguration"), echo, name, topicArn, topicName, converter,
                        gsrArn, kmsKeyArn, logGroup, tags)
                : s3(body.path("s3DestinationConfiguration"), echo, name, topicArn, topicName, converter, gsrArn,
                        kmsKeyArn, logGroup, tags);
        echo.remove("channelName");
        echo.remove("tags");
        return new Parsed(spec, echo);
    }

    private ChannelSpec iceberg(JsonNode d, ObjectNode echo, String name, String topicArn, String topicName,
                                String converter, String gsrArn, String kmsKeyArn, String logGroup,
                                Map<String, String> tags) {
        if (!ICEBERG_CONVERTERS.contains(converter)) {
            throw MskErrors.badRequest("valueConverter", "valueConverter " + converter
                    + " is not supported for Iceberg destinations; use JSON or JSON_SCHEMA_GSR");
        }
        if ("JSON".equals(converter) && gsrArn == null) {
            throw MskErrors.badRequest("recordSchema", "valueConverter JSON requires recordSchema.gsrArn (the Glue"
                    + " Schema Registry schema ARN)");
        }
        requireBoolean(d, "appendOnly", "appendOnly", true);
        requireBoolean(d.path("schemaEvolution"), "enableSchemaEvolution", "schemaEvolution.enableSchemaEvolution",
                false);
        requireBoolean(d.path("tableCreation"), "enableTableCreation", "tableCreation.enableTableCreation", true);
        String role = requiredText(d, "serviceExecutionRoleArn", "serviceExecutionRoleArn");
        JsonNode dlq = d.path("deadLetterQueueS3");
        String dlqArn = requiredText(dlq, "bucketArn", "deadLetterQueueS3.bucketArn");
        expectedOwner(dlq);
        JsonNode tables = d.path("destinationTableList");
        if (!tables.isArray() || tables.size() != 1) {
            throw MskErrors.badRequest("destinationTableList", "destinationTableList must contain exactly one"
                    + " destination table, found " + (tables.isArray() ? tables.size() : 0));
        }
        JsonNode table = tables.get(0);
        String namespace = requiredText(table, "destinationDatabaseName", "destinationDatabaseName");
        String tableName = requiredText(table, "destinationTableName", "destinationTableName");
        JsonNode partition = table.path("partitionSpec");
        String strategy = requiredText(partition, "partitionStrategy", "partitionSpec.partitionStrategy");
        if (!"TIME_HOUR".equals(strategy)) {
            throw MskErrors.badRequest("partitionStrategy", "partitionStrategy must be TIME_HOUR, was " + strategy);
        }
        JsonNode sources = partition.path("sourceList");
        if (!sources.isArray() || sources.size() != 1) {
            throw MskErrors.badRequest("sourceList", "TIME_HOUR partitioning needs exactly one source column in"
                    + " sourceList, found " + (sources.isArray() ? sources.size() : 0));
        }
        String column = requiredText(sources.get(0), "sourceName", "sourceList.sourceName");
        String compression = d.path("compressionType").asText("ZSTD");
        if (!ICEBERG_COMPRESSION.contains(compression)) {
            throw MskErrors.badRequest("compressionType", "compressionType must be ZSTD or SNAPPY, was " + compression);
        }
        int freshness = freshness(d);
        String tableBucketArn = tableBucket(d.path("catalog"));
        ObjectNode echoed = (ObjectNode) echo.path("icebergDestinationConfiguration");
        echoed.put("compressionType", compression);
        echoed.put("dataFreshnessInSeconds", freshness);
        return new ChannelSpec(name, topicArn, topicName, converter, gsrArn, ChannelSpec.DestinationType.ICEBERG,
                role, dlqArn, optionalText(dlq, "errorOutputPrefix"), tableBucketArn, namespace, tableName, column,
                compression, freshness, null, kmsKeyArn, logGroup, tags);
    }

    private ChannelSpec s3(JsonNode d, ObjectNode echo, String name, String topicArn, String topicName,
                           String converter, String gsrArn, String kmsKeyArn, String logGroup,
                           Map<String, String> tags) {
        if (!S3_CONVERTERS.contains(converter)) {
            throw MskErrors.badRequest("valueConverter", "valueConverter " + converter
                    + " is not supported for S3 destinations; use BYTE_ARRAY, STRING or JSON");
        }
        String role = requiredText(d, "serviceExecutionRoleArn", "serviceExecutionRoleArn");
        JsonNode dlq = d.path("deadLetterQueueS3");
        String dlqArn = requiredText(dlq, "bucketArn", "deadLetterQueueS3.bucketArn");
        expectedOwner(dlq);
        JsonNode storage = d.path("storage");
        String bucketArn = requiredText(storage, "bucketArn", "storage.bucketArn");
        String compression = requiredText(storage, "compressionType", "storage.compressionType");
        if (!S3_COMPRESSION.contains(compression)) {
            throw MskErrors.badRequest("compressionType", "storage.compressionType must be NONE, GZIP or ZSTD");
        }
        String storageClass = requiredText(storage, "storageClass", "storage.storageClass");
        if (!STORAGE_CLASSES.contains(storageClass)) {
            throw MskErrors.badRequest("storageClass", "storage.storageClass must be one of " + STORAGE_CLASSES);
        }
        int freshness = freshness(d);
        ((ObjectNode) echo.path("s3DestinationConfiguration")).put("dataFreshnessInSeconds", freshness);
        return new ChannelSpec(name, topicArn, topicName, converter, gsrArn, ChannelSpec.DestinationType.S3, role,
                dlqArn, optionalText(dlq, "errorOutputPrefix"), null, null, null, null, compression, freshness,
                bucketArn, kmsKeyArn, logGroup, tags);
    }

    static int freshness(JsonNode destination) {
        JsonNode f = destination.path("dataFreshnessInSeconds");
        if (f.isMissingNode() || f.isNull()) {
            return DEFAULT_FRESHNESS;
        }
        if (!f.isIntegralNumber() || f.asInt() < MIN_FRESHNESS || f.asInt() > MAX_FRESHNESS) {
            throw MskErrors.badRequest("dataFreshnessInSeconds", "dataFreshnessInSeconds must be between "
                    + MIN_FRESHNESS + " and " + MAX_FRESHNESS + " seconds, was " + f.asText());
        }
        return f.asInt();
    }

    /**
     * The table bucket ARN: {@code catalog.warehouseLocation}, else derived from {@code catalogArn}
     * ({@code arn:aws:glue:r:a:catalog/s3tablescatalog/<bucket>}, reference §1.1). ASSUMPTION: without either the
     * destination is unresolvable, so we reject it.
     */
    private String tableBucket(JsonNode catalog) {
        String warehouse = optionalText(catalog, "warehouseLocation");
        if (warehouse != null) {
            return warehouse;
        }
        String catalogArn = optionalText(catalog, "catalogArn");
        String marker = ":catalog/s3tablescatalog/";
        if (catalogArn != null && catalogArn.contains(marker)) {
            return "arn:aws:s3tables:" + settings.region() + ":" + settings.account() + ":bucket/"
                    + catalogArn.substring(catalogArn.indexOf(marker) + marker.length());
        }
        throw MskErrors.badRequest("catalog", "catalog.warehouseLocation (the S3 table bucket ARN) or a"
                + " catalog/s3tablescatalog/<bucket> catalogArn is required");
    }

    /** Reference §6: MSK does not create the log group; a missing one fails CreateChannel (partially confirmed). */
    private String logGroup(JsonNode logging) {
        JsonNode cw = logging.path("cloudWatchLogs");
        if (cw.isMissingNode() || cw.isNull()) {
            return null;
        }
        if (!cw.path("enabled").isBoolean()) {
            throw MskErrors.badRequest("enabled", "loggingInfo.cloudWatchLogs.enabled is required");
        }
        if (!cw.path("enabled").asBoolean()) {
            return null;
        }
        String group = requiredText(cw, "logGroup", "loggingInfo.cloudWatchLogs.logGroup");
        if (!logGroups.exists(group)) {
            throw MskErrors.badRequest("logGroup", "CloudWatch Logs log group " + group
                    + " does not exist; create it before the channel");
        }
        return group;
    }

    private static void expectedOwner(JsonNode dlq) {
        String owner = optionalText(dlq, "expectedBucketOwner");
        if (owner != null && !ACCOUNT.matcher(owner).matches()) {
            throw MskErrors.badRequest("expectedBucketOwner", "expectedBucketOwner must be a 12-digit account id");
        }
    }

    private static Map<String, String> tags(JsonNode tags) {
        Map<String, String> out = new LinkedHashMap<>();
        tags.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        TagRules.validate(out);
        return out;
    }

    private static void requireBoolean(JsonNode node, String field, String label, boolean required) {
        JsonNode v = node.path(field);
        if (!v.isBoolean() || v.asBoolean() != required) {
            throw MskErrors.badRequest(field, label + " must be " + required + " in the current release"
                    + (v.isMissingNode() ? " (missing)" : ", was " + v.asText()));
        }
    }

    static String requiredText(JsonNode node, String field) {
        return requiredText(node, field, field);
    }

    static String requiredText(JsonNode node, String field, String label) {
        String v = optionalText(node, field);
        if (v == null) {
            throw MskErrors.badRequest(field, label + " is required");
        }
        return v;
    }

    static String optionalText(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isTextual() && !v.asText().isEmpty() ? v.asText() : null;
    }

}
