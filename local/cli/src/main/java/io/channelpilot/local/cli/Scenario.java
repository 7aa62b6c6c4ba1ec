package io.channelpilot.local.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.model.SafeText;
import io.channelpilot.model.TopicNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.s3tables.S3TablesClient;

/**
 * An ordered list of steps run against a world (docs/local-world.md "Scenarios"). Each step is one of:
 * <ul>
 *   <li>{@code {"event": "events/x.json"}} — inject an EventBridge event (file relative to the scenario)</li>
 *   <li>{@code {"call": {"service": "kafka", "operation": "TagResource", ...}}} — an API call against the emulator
 *       through the real SDK client, so the emulator emits CloudTrail/tag events as AWS does</li>
 *   <li>{@code {"produce": {"cluster": "c", "topic": "t", "records": "r.jsonl"}}} — records as JSON lines
 *       {@code {"key", "value", "headers"}} ({@code value} is a JSON value or a raw string)</li>
 *   <li>{@code {"advance": "PT5M"}} — move the virtual clock (ISO-8601 duration)</li>
 * </ul>
 * A bad step is a {@link WorldOptions.UsageError} naming the step index and the field — also a call the emulated
 * service refuses (a 4xx with its code) or a produce the world cannot carry out: exit 2, never a stack trace.
 */
final class Scenario {

    private final List<JsonNode> steps;
    private final Path baseDir;

    private Scenario(List<JsonNode> steps, Path baseDir) {
        this.steps = steps;
        this.baseDir = baseDir;
    }

    static Scenario load(Path file) {
        WorldOptions.requireFile(file, "--scenario");
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new WorldOptions.UsageError("--scenario " + file + ": not valid JSON (" + e.getMessage() + ")");
        }
        if (!root.path("steps").isArray()) {
            throw new WorldOptions.UsageError("--scenario " + file + ": $.steps must be an array of steps");
        }
        List<JsonNode> steps = new ArrayList<>();
        root.get("steps").forEach(steps::add);
        Path base = file.toAbsolutePath().getParent();
        return new Scenario(steps, base);
    }

    static Scenario of(List<JsonNode> steps, Path baseDir) {
        return new Scenario(steps, baseDir);
    }

    void run(LocalWorld world) {
        for (int i = 0; i < steps.size(); i++) {
            JsonNode step = steps.get(i);
            String where = "$.steps[" + i + "]";
            if (step.has("event")) {
                world.publish(readJson(resolve(step.get("event").asText(), where + ".event"), where + ".event"));
                world.settle();
            } else if (step.has("call")) {
                call(world, step.get("call"), where + ".call");
                world.settle();
            } else if (step.has("produce")) {
                produce(world, step.get("produce"), where + ".produce");
                world.settle();
            } else if (step.has("advance")) {
                world.advance(duration(step.get("advance").asText(), where + ".advance"));
            } else {
                throw new WorldOptions.UsageError(where + ": a step needs one of event, call, produce, advance");
            }
        }
    }

    static Duration duration(String text, String where) {
        try {
            Duration d = Duration.parse(text);
            if (d.isNegative()) {
                throw new WorldOptions.UsageError(where + ": must not be negative, was " + text);
            }
            return d;
        } catch (DateTimeParseException e) {
            throw new WorldOptions.UsageError(where + ": not an ISO-8601 duration such as PT5M: " + text);
        }
    }

    static void produceFile(LocalWorld world, String cluster, String topic, Path records, String where) {
        List<String> lines;
        try {
            lines = Files.readAllLines(records);
        } catch (IOException e) {
            throw new WorldOptions.UsageError(where + ": cannot read " + records + " (" + e.getMessage() + ")");
        }
        for (int n = 0; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) {
                continue;
            }
            JsonNode line;
            try {
                line = Json.MAPPER.readTree(lines.get(n));
            } catch (IOException e) {
                throw new WorldOptions.UsageError(where + ": " + records + " line " + (n + 1) + " is not JSON");
            }
            produceLine(world, cluster, topic, line);
        }
    }

    /** One record line {@code {"key", "value", "headers"}}; a JSON {@code value} is sent as its JSON text. */
    static void produceLine(LocalWorld world, String cluster, String topic, JsonNode line) {
        JsonNode value = line.path("value");
        byte[] bytes = value.isTextual() ? value.asText().getBytes(StandardCharsets.UTF_8)
                : value.toString().getBytes(StandardCharsets.UTF_8);
        byte[] key = line.hasNonNull("key") ? line.get("key").asText().getBytes(StandardCharsets.UTF_8) : null;
        Map<String, byte[]> headers = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = line.path("headers").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> h = it.next();
            headers.put(h.getKey(), h.getValue().asText().getBytes(StandardCharsets.UTF_8));
        }
        world.kafka().produce(cluster, topic, key, bytes, headers);
    }

    private void produce(LocalWorld world, JsonNode p, String where) {
        String cluster = text(p, "cluster", where);
        String topic = text(p, "topic", where);
        if (world.services().msk().clusterArnOf(cluster).isEmpty()) {
            throw new WorldOptions.UsageError(where + ".cluster: no cluster named " + SafeText.of(cluster, 80));
        }
        TopicNames.problem(topic).ifPresent(why -> {
            throw new WorldOptions.UsageError(where + ".topic: not a Kafka topic name: it " + why);
        });
        try {
            produceFile(world, cluster, topic, resolve(text(p, "records", where), where + ".records"), where);
        } catch (WorldOptions.UsageError e) {
            throw e;
        } catch (RuntimeException e) {
            throw new WorldOptions.UsageError(where + ": cannot produce to " + cluster + "/" + topic + ": "
                    + SafeText.of(String.valueOf(e.getMessage()), 300));
        }
    }

    private void call(LocalWorld world, JsonNode c, String where) {
        String op = text(c, "service", where) + ":" + text(c, "operation", where);
        try {
            callService(world, c, where, op);
        } catch (SdkServiceException refused) {
            // The emulator answered as AWS would (BadRequestException, NotFoundException...): the step is wrong.
            String code = refused instanceof AwsServiceException aws && aws.awsErrorDetails() != null
                    ? aws.awsErrorDetails().errorCode() : "HTTP " + refused.statusCode();
            String message = refused instanceof AwsServiceException aws && aws.awsErrorDetails() != null
                    ? aws.awsErrorDetails().errorMessage() : refused.getMessage();
            throw new WorldOptions.UsageError(where + ": " + op + " was refused: " + code + ": "
                    + SafeText.of(String.valueOf(message), 300));
        }
    }

    private void callService(LocalWorld world, JsonNode c, String where, String op) {
        String region = world.file().region();
        switch (op) {
            case "kafka:TagResource", "kafka:UntagResource", "kafka:CreateTopic", "kafka:DeleteTopic" -> {
                try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), region)) {
                    String cluster = world.services().msk().clusterArnOf(text(c, "cluster", where)).orElseThrow(() ->
                            new WorldOptions.UsageError(where + ".cluster: no cluster named " + c.get("cluster").asText()));
                    switch (op) {
                        case "kafka:TagResource" -> kafka.tagResource(r -> r.resourceArn(cluster).tags(stringMap(c.path("tags"))));
                        case "kafka:UntagResource" -> kafka.untagResource(r -> r.resourceArn(cluster)
                                .tagKeys(stringList(c.path("tagKeys"))));
                        case "kafka:CreateTopic" -> kafka.createTopic(r -> r.clusterArn(cluster).topicName(text(c, "topic", where))
                                .partitionCount(c.path("partitions").asInt(3)).replicationFactor(c.path("replicationFactor").asInt(3)));
                        default -> kafka.deleteTopic(r -> r.clusterArn(cluster).topicName(text(c, "topic", where)));
                    }
                }
            }
            case "s3tables:DeleteTable" -> {
                try (S3TablesClient tables = LocalClients.build(S3TablesClient.builder(), world.server().endpoint(), region)) {
                    tables.deleteTable(r -> r.tableBucketARN(world.stack().tableBucketArn())
                            .namespace(text(c, "namespace", where)).name(text(c, "name", where)));
                }
            }
            default -> throw new WorldOptions.UsageError(where + ": unsupported call " + op + " (supported: "
                    + "kafka:TagResource, kafka:UntagResource, kafka:CreateTopic, kafka:DeleteTopic, s3tables:DeleteTable)");
        }
    }

    /**
     * A file a step names, inside the scenario's folder only (as a world file's {@code definitionFile}): an absolute
     * path or one climbing out is refused with {@link #PATH_OUTSIDE_FOLDER}, the path itself not echoed.
     */
    private Path resolve(String path, String where) {
        return io.channelpilot.local.world.file.WorldFiles.insideFolder(baseDir, path).orElseThrow(() ->
                new WorldOptions.UsageError(where + ": " + PATH_OUTSIDE_FOLDER + ": must be a path relative to the "
                        + "scenario's folder and stay inside it"));
    }

    /** The code of a step naming a file outside the scenario's folder. */
    static final String PATH_OUTSIDE_FOLDER = "PATH_OUTSIDE_FOLDER";

    static JsonNode readJson(Path file, String where) {
        try {
            return Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new WorldOptions.UsageError(where + ": cannot read JSON from " + file + " (" + e.getMessage() + ")");
        }
    }

    private static String text(JsonNode node, String field, String where) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new WorldOptions.UsageError(where + "." + field + ": required string");
        }
        return v.asText();
    }

    private static Map<String, String> stringMap(JsonNode node) {
        Map<String, String> out = new HashMap<>();
        node.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    private static List<String> stringList(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.forEach(n -> out.add(n.asText()));
        return out;
    }
}
