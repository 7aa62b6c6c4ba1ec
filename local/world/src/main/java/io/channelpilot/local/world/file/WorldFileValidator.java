package io.channelpilot.local.world.file;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.logs.LogStore;
import io.channelpilot.local.world.s3tables.TableNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Every rule a world file must satisfy beyond its JSON shape. All rules run; each problem names its JSON path.
 * Cross-service rules (schemas, buckets, roles) are checked too, so a world that seeds cleanly is guaranteed.
 */
final class WorldFileValidator {

    static final List<String> DATA_FORMATS = List.of("JSON", "AVRO", "PROTOBUF");
    static final List<String> COMPATIBILITIES = List.of("NONE", "DISABLED", "BACKWARD", "BACKWARD_ALL", "FORWARD",
            "FORWARD_ALL", "FULL", "FULL_ALL");
    static final List<String> ENCRYPTIONS = List.of("NONE", "AES256", "aws:kms");
    static final List<String> TOPIC_FILTERS = List.of("PREFIX", "EXACT");
    private static final Pattern ACCOUNT = Pattern.compile("^\\d{12}$");
    private static final Pattern REGION = Pattern.compile("^[a-z]{2}(-[a-z]+)+-\\d$");
    private static final Pattern REGISTRY = Pattern.compile("^[a-zA-Z0-9-_$#.]{1,255}$");
    private static final Pattern S3_BUCKET = Pattern.compile("^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$");
    private static final Pattern LOG_GROUP = Pattern.compile("^[.\\-_/#A-Za-z0-9]{1,512}$");
    private static final Pattern ROLE = Pattern.compile("^[\\w+=,.@-]{1,64}$");
    private static final Pattern ROLE_PATH = Pattern.compile("^/([\\x21-\\x7E]*/)?$");

    private final Checks c = new Checks();
    private final Path baseDir;

    private WorldFileValidator(Path baseDir) {
        this.baseDir = baseDir;
    }

    static List<Problem> validate(WorldFile w, Path baseDir) {
        WorldFileValidator v = new WorldFileValidator(baseDir);
        v.world(w);
        return v.c.problems();
    }

    private void world(WorldFile w) {
        if (c.required("$.account", w.account())) {
            c.matches("$.account", w.account(), ACCOUNT, "must be a 12-digit account id");
        }
        if (c.required("$.region", w.region())) {
            c.matches("$.region", w.region(), REGION, "must be a region name such as us-east-1");
        }
        c.instant("$.startTime", w.startTime());
        if (w.msk() != null) {
            c.duration("$.msk.topicPropagationDelay", w.msk().topicPropagationDelay());
            c.oneOf("$.msk.channelTopicFilter", w.msk().channelTopicFilter(), TOPIC_FILTERS);
        }
        Checks.Unique clusters = new Checks.Unique(c, "cluster name");
        for (int i = 0; i < w.clusters().size(); i++) {
            ClusterChecks.cluster(c, "$.clusters[" + i + "]", w.clusters().get(i), clusters);
        }
        Checks.Unique registries = new Checks.Unique(c, "registry name");
        for (int i = 0; i < w.schemaRegistries().size(); i++) {
            registry("$.schemaRegistries[" + i + "]", w.schemaRegistries().get(i), registries);
        }
        Checks.Unique tableBuckets = new Checks.Unique(c, "table bucket name");
        for (int i = 0; i < w.tableBuckets().size(); i++) {
            tableBucket("$.tableBuckets[" + i + "]", w.tableBuckets().get(i), tableBuckets);
        }
        Checks.Unique buckets = new Checks.Unique(c, "bucket name");
        for (int i = 0; i < w.buckets().size(); i++) {
            bucket("$.buckets[" + i + "]", w.buckets().get(i), buckets);
        }
        Checks.Unique groups = new Checks.Unique(c, "log group name");
        for (int i = 0; i < w.logGroups().size(); i++) {
            logGroup("$.logGroups[" + i + "]", w.logGroups().get(i), groups);
        }
        Checks.Unique roles = new Checks.Unique(c, "role name");
        for (int i = 0; i < w.roles().size(); i++) {
            role("$.roles[" + i + "]", w.roles().get(i), roles);
        }
        Checks.Unique quotas = new Checks.Unique(c, "quota");
        for (int i = 0; i < w.quotas().size(); i++) {
            quota("$.quotas[" + i + "]", w.quotas().get(i), quotas);
        }
        if (w.timings() != null) {
            TimingChecks.timings(c, "$.timings", w.timings());
        }
        for (int i = 0; i < w.faults().size(); i++) {
            TimingChecks.fault(c, "$.faults[" + i + "]", w.faults().get(i));
        }
    }

    private void registry(String p, WorldFile.Registry r, Checks.Unique names) {
        if (c.required(p + ".name", r.name())) {
            c.matches(p + ".name", r.name(), REGISTRY, "must be 1-255 letters, digits or - _ $ # .");
            names.add(p + ".name", r.name());
        }
        Checks.Unique schemas = new Checks.Unique(c, "schema name");
        List<WorldFile.Schema> list = r.schemas() == null ? List.of() : r.schemas();
        for (int j = 0; j < list.size(); j++) {
            String sp = p + ".schemas[" + j + "]";
            WorldFile.Schema s = list.get(j);
            if (c.required(sp + ".name", s.name())) {
                c.matches(sp + ".name", s.name(), REGISTRY, "must be 1-255 letters, digits or - _ $ # .");
                schemas.add(sp + ".name", s.name());
            }
            if (c.required(sp + ".dataFormat", s.dataFormat())) {
                c.oneOf(sp + ".dataFormat", s.dataFormat(), DATA_FORMATS);
            }
            c.oneOf(sp + ".compatibility", s.compatibility(), COMPATIBILITIES);
            if ((s.definition() == null) == (s.definitionFile() == null)) {
                c.fail(sp, "needs exactly one of definition and definitionFile");
            } else if (s.definitionFile() != null) {
                java.util.Optional<Path> file = insideWorld(baseDir, s.definitionFile());
                if (file.isEmpty()) {
                    c.fail(sp + ".definitionFile", "must be a path relative to the world file's folder and stay inside it");
                } else if (!Files.isRegularFile(file.get())) {
                    c.fail(sp + ".definitionFile", "file not found: " + io.channelpilot.model.SafeText.of(s.definitionFile(), 200));
                } else if (!"PROTOBUF".equals(s.dataFormat()) && !isJsonDocument(readText(file.get()))) {
                    // said without quoting the file: whatever it holds is not echoed
                    c.fail(sp + ".definitionFile", "must hold a JSON schema object for " + s.dataFormat());
                }
            } else if (!"PROTOBUF".equals(s.dataFormat()) && !isJsonDocument(s.definition())) {
                c.fail(sp + ".definition", "must be a JSON schema object (or a string holding one) for "
                        + s.dataFormat());
            }
        }
    }

    /**
     * A world file reads files only inside its own folder: {@code definitionFile} is relative, and it and the file it
     * resolves to (symbolic links followed) stay under the folder. Empty otherwise, so nothing outside is ever read.
     */
    static java.util.Optional<Path> insideWorld(Path baseDir, String relative) {
        try {
            Path given = Path.of(relative);
            Path base = baseDir.toAbsolutePath().normalize();
            Path file = base.resolve(given).normalize();
            if (given.isAbsolute() || !file.startsWith(base)) {
                return java.util.Optional.empty();
            }
            if (Files.exists(file) && !file.toRealPath().startsWith(base.toRealPath())) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(file);
        } catch (java.nio.file.InvalidPathException | java.io.IOException e) {
            return java.util.Optional.empty();
        }
    }

    private static JsonNode readText(Path file) {
        try {
            return com.fasterxml.jackson.databind.node.TextNode.valueOf(Files.readString(file));
        } catch (java.io.IOException e) {
            return com.fasterxml.jackson.databind.node.TextNode.valueOf("");
        }
    }

    static boolean isJsonDocument(JsonNode definition) {
        if (definition.isObject()) {
            return true;
        }
        if (!definition.isTextual()) {
            return false;
        }
        try {
            return io.channelpilot.local.world.http.Json.MAPPER.readTree(definition.asText()).isObject();
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private void tableBucket(String p, WorldFile.TableBucket b, Checks.Unique names) {
        if (c.required(p + ".name", b.name())) {
            rule(p + ".name", () -> TableNames.requireBucketName(b.name()));
            names.add(p + ".name", b.name());
        }
        c.matches(p + ".region", b.region(), REGION, "must be a region name such as us-east-1");
        Checks.Unique namespaces = new Checks.Unique(c, "namespace");
        List<WorldFile.Namespace> list = b.namespaces() == null ? List.of() : b.namespaces();
        for (int j = 0; j < list.size(); j++) {
            String np = p + ".namespaces[" + j + "]";
            WorldFile.Namespace ns = list.get(j);
            if (c.required(np + ".name", ns.name())) {
                rule(np + ".name", () -> TableNames.requireNamespace(ns.name()));
                namespaces.add(np + ".name", ns.name());
            }
            Checks.Unique tables = new Checks.Unique(c, "table");
            List<String> names2 = ns.tables() == null ? List.of() : ns.tables();
            for (int k = 0; k < names2.size(); k++) {
                String table = names2.get(k);
                rule(np + ".tables[" + k + "]", () -> TableNames.requireTableName(table));
                tables.add(np + ".tables[" + k + "]", table);
            }
        }
    }

    private void bucket(String p, WorldFile.Bucket b, Checks.Unique names) {
        if (c.required(p + ".name", b.name())) {
            c.matches(p + ".name", b.name(), S3_BUCKET, "must be a valid S3 bucket name (3-63 lowercase letters,"
                    + " digits, dots, hyphens)");
            names.add(p + ".name", b.name());
        }
        c.matches(p + ".region", b.region(), REGION, "must be a region name such as us-east-1");
        c.oneOf(p + ".encryption", b.encryption(), ENCRYPTIONS);
        boolean kms = "aws:kms".equals(b.encryption());
        if (kms && b.kmsKeyArn() == null) {
            c.fail(p + ".kmsKeyArn", "is required when encryption is aws:kms");
        } else if (!kms && b.kmsKeyArn() != null) {
            c.fail(p + ".kmsKeyArn", "is only allowed when encryption is aws:kms");
        }
    }

    private void logGroup(String p, WorldFile.LogGroup g, Checks.Unique names) {
        if (c.required(p + ".name", g.name())) {
            c.matches(p + ".name", g.name(), LOG_GROUP, "must be 1-512 letters, digits or . - _ / #");
            names.add(p + ".name", g.name());
        }
        if (g.retentionInDays() != null && !LogStore.RETENTION_DAYS.contains(g.retentionInDays())) {
            c.fail(p + ".retentionInDays", "must be one of " + new TreeSet<>(LogStore.RETENTION_DAYS) + ", was "
                    + g.retentionInDays());
        }
    }

    private void role(String p, WorldFile.Role r, Checks.Unique names) {
        if (c.required(p + ".name", r.name())) {
            c.matches(p + ".name", r.name(), ROLE, "must be 1-64 characters of letters, digits and +=,.@_-");
            names.add(p + ".name", r.name());
        }
        c.matches(p + ".path", r.path(), ROLE_PATH, "must start and end with /");
        if (c.required(p + ".trustPolicy", r.trustPolicy())) {
            PolicyChecks.policy(c, p + ".trustPolicy", r.trustPolicy());
        }
        Map<String, JsonNode> policies = r.inlinePolicies() == null ? Map.of() : r.inlinePolicies();
        policies.forEach((name, doc) -> PolicyChecks.policy(c, p + ".inlinePolicies." + name, doc));
    }

    private void quota(String p, WorldFile.Quota q, Checks.Unique keys) {
        c.required(p + ".serviceCode", q.serviceCode());
        c.required(p + ".quotaCode", q.quotaCode());
        c.required(p + ".quotaName", q.quotaName());
        if (c.required(p + ".value", q.value()) && q.value() < 0) {
            c.fail(p + ".value", "must not be negative, was " + q.value());
        }
        keys.add(p + ".quotaCode", q.serviceCode() + "/" + q.quotaCode());
    }

    private void rule(String path, Runnable check) {
        try {
            check.run();
        } catch (io.channelpilot.local.world.http.AwsServiceError e) {
            c.fail(path, e.getMessage());
        }
    }
}
