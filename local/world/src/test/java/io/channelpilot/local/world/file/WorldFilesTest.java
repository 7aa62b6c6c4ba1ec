package io.channelpilot.local.world.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Strict parsing and validation of world files: the examples load, bad files are refused with exact JSON paths. */
class WorldFilesTest {

    static final Path WORLDS = Path.of("..", "worlds");

    private static final String CLUSTERS = "\"clusters\":[{\"name\":\"a\",\"brokerType\":\"express.m7g.large\"},%s]";

    @Test
    void shouldLoadTheDefaultExampleWithInlinedSchemaFile() {
        WorldFiles.Result r = WorldFiles.read(WORLDS.resolve("default.json"));

        assertThat(r).isInstanceOf(WorldFiles.Valid.class);
        WorldFile w = ((WorldFiles.Valid) r).file();
        assertThat(w.clusters()).extracting(WorldFile.Cluster::brokerType)
                .containsExactly("express.m7g.large", "kafka.m5.large");
        WorldFile.Schema orders = w.schemaRegistries().get(0).schemas().get(0);
        assertThat(orders.definitionFile()).isNull();
        assertThat(orders.definition().asText()).contains("\"format\": \"date-time\"");
        assertThat(w.buckets().get(0).encryption()).isEqualTo("aws:kms");
    }

    static Stream<Path> exampleWorlds() throws java.io.IOException {
        try (Stream<Path> files = Files.list(WORLDS)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("exampleWorlds")
    void shouldAcceptEveryExampleWorldFile(Path file) {
        assertThat(WorldFiles.read(file)).isInstanceOfSatisfying(WorldFiles.Valid.class,
                v -> assertThat(v.file().account()).hasSize(12));
    }

    @Test
    void shouldLoadTheMinimalExample() {
        assertThat(WorldFiles.load(WORLDS.resolve("minimal.json")).clusters()).hasSize(1);
    }

    static Stream<Arguments> badFiles() {
        return Stream.of(
                bad("{\"account\":\"123\",\"region\":\"us-east-1\"}",
                        "$.account: must be a 12-digit account id, was '123'"),
                bad("{\"region\":\"us-east-1\"}", "$.account: is required"),
                bad(base(String.format(CLUSTERS, "{\"name\":\"b\",\"brokerType\":\"kafka.m9.huge\"}")),
                        "$.clusters[1].brokerType: must be one of express.m7g.large, express.m7g.xlarge,"),
                bad(base(String.format(CLUSTERS, "{\"name\":\"b\",\"brokr\":\"x\"}")),
                        "$.clusters[1].brokr: unknown field; allowed fields: brokerType, brokers, clusterType,"),
                bad(base(String.format(CLUSTERS, "{\"name\":\"a\",\"brokerType\":\"express.m7g.large\"}")),
                        "$.clusters[1].name: duplicate cluster name 'a'"),
                bad(base(String.format(CLUSTERS, "{\"name\":\"b\",\"brokerType\":\"express.m7g.large\","
                        + "\"topics\":[{\"name\":\"t\",\"partitions\":\"three\"}]}")),
                        "$.clusters[1].topics[0].partitions: expected an integer"),
                bad(base(String.format(CLUSTERS, "{\"name\":\"b\",\"clusterType\":\"SERVERLESS\","
                        + "\"brokerType\":\"express.m7g.large\"}")),
                        "$.clusters[1].brokerType: must be absent for a SERVERLESS cluster"),
                bad(base(String.format(CLUSTERS, "{\"name\":\"b\",\"brokerType\":\"express.m7g.large\","
                        + "\"kafkaVersion\":\"3.5.1\"}")),
                        "$.clusters[1].kafkaVersion: Express brokers need Kafka 3.6 or later, was '3.5.1'"),
                bad(base("\"schemaRegistries\":[{\"name\":\"r\",\"schemas\":[{\"name\":\"s\",\"dataFormat\":\"JSON\","
                        + "\"definitionFile\":\"nope.json\"}]}]"),
                        "$.schemaRegistries[0].schemas[0].definitionFile: file not found:"),
                bad(base("\"schemaRegistries\":[{\"name\":\"r\",\"schemas\":[{\"name\":\"s\",\"dataFormat\":\"XML\","
                        + "\"definition\":{}}]}]"),
                        "$.schemaRegistries[0].schemas[0].dataFormat: must be one of JSON, AVRO, PROTOBUF, was 'XML'"),
                bad(base("\"tableBuckets\":[{\"name\":\"t\",\"namespaces\":[{\"name\":\"aws_sales\"}]}]"),
                        "$.tableBuckets[0].name: Invalid table bucket name 't'"),
                bad(base("\"tableBuckets\":[{\"name\":\"tables\",\"namespaces\":[{\"name\":\"aws_sales\"}]}]"),
                        "$.tableBuckets[0].namespaces[0].name: Invalid namespace 'aws_sales'"),
                bad(base("\"buckets\":[{\"name\":\"dlq\",\"encryption\":\"aws:kms\"}]"),
                        "$.buckets[0].kmsKeyArn: is required when encryption is aws:kms"),
                bad(base("\"buckets\":[{\"name\":\"dlq\",\"encryption\":\"SSE-C\"}]"),
                        "$.buckets[0].encryption: must be one of NONE, AES256, aws:kms, was 'SSE-C'"),
                bad(base("\"logGroups\":[{\"name\":\"/aws/msk/x\",\"retentionInDays\":10}]"),
                        "$.logGroups[0].retentionInDays: must be one of [1, 3, 5, 7, 14, 30,"),
                bad(base("\"roles\":[{\"name\":\"r\",\"trustPolicy\":{\"Statement\":[{\"Effect\":\"Permit\","
                        + "\"Action\":\"sts:AssumeRole\"}]}}]"),
                        "$.roles[0].trustPolicy.Statement[0].Effect: must be Allow or Deny, was 'Permit'"),
                bad(base("\"timings\":{\"channelCreating\":\"60s\"}"),
                        "$.timings.channelCreating: must be an ISO-8601 duration such as PT60S, was '60s'"),
                bad(base("\"faults\":[{\"match\":\"kafka:*\",\"throttleRate\":1.5}]"),
                        "$.faults[0].throttleRate: must be between 0 and 1, was 1.5"),
                bad(base("\"faults\":[{\"match\":\"kafka:*\",\"scripted\":[{\"fromCall\":1,\"status\":200,"
                        + "\"code\":\"X\"}]}]"),
                        "$.faults[0].scripted[0].status: must be an HTTP error status 400-599, was 200"),
                bad(base("\"quotas\":[{\"serviceCode\":\"kafka\",\"quotaCode\":\"L-1\",\"quotaName\":\"q\"}]"),
                        "$.quotas[0].value: is required"),
                bad(base("\"roles\":[null]"), "$.roles[0]: must not be null"),
                bad(base(String.format(CLUSTERS, "{\"name\":\"b\",\"brokerType\":\"express.m7g.large\",\"topics\":[null]}")),
                        "$.clusters[1].topics[0]: must not be null"),
                bad("{\"account\":\"123456789012\",\"region\":\"us-east-1\",}",
                        "$: malformed JSON at line 1, column"),
                bad("{\"account\":\"123456789012\",\"account\":\"123456789012\",\"region\":\"us-east-1\"}",
                        "$: malformed JSON at line 1, column"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badFiles")
    void shouldRejectBadFileNamingTheJsonPath(String json, String expected, @TempDir Path dir) {
        WorldFiles.Result r = WorldFiles.parse(json, dir);

        assertThat(r).isInstanceOfSatisfying(WorldFiles.Invalid.class, invalid ->
                assertThat(invalid.problems()).anySatisfy(p -> assertThat(p.toString()).startsWith(expected)));
    }

    @Test
    void shouldReportEveryProblemNotJustTheFirst(@TempDir Path dir) {
        WorldFiles.Result r = WorldFiles.parse("{\"account\":\"1\",\"region\":\"nowhere\",\"clusters\":[{\"name\":"
                + "\"a\"}]}", dir);

        assertThat(((WorldFiles.Invalid) r).problems()).extracting(Problem::path)
                .containsExactly("$.account", "$.region", "$.clusters[0].brokerType");
    }

    @Test
    void shouldThrowWithAllProblemsWhenLoadingABadFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"account\":\"1\",\"region\":\"us-east-1\"}");

        assertThatThrownBy(() -> WorldFiles.load(file))
                .isInstanceOfSatisfying(WorldFiles.InvalidWorldFileException.class, e ->
                        assertThat(e.problems()).extracting(Problem::path).containsExactly("$.account"))
                .hasMessageContaining("$.account: must be a 12-digit account id");
    }

    /** Issue 13: a world file reads files only inside its own folder, and never echoes what it read. */
    @Test
    void shouldReadDefinitionFilesOnlyInsideTheWorldsFolderAndNeverEchoThem(@TempDir Path dir) throws Exception {
        Path world = Files.createDirectories(dir.resolve("world"));
        Files.writeString(dir.resolve("secret.json"), "{\"type\":\"object\"}");
        Files.writeString(world.resolve("passwd.txt"), "root:x:0:0:root:/root:/bin/bash");
        Path link = world.resolve("link.json");
        boolean linked;
        try {
            Files.createSymbolicLink(link, dir.resolve("secret.json"));
            linked = true;
        } catch (UnsupportedOperationException | java.io.IOException noLinks) {
            linked = false;
        }
        String field = "$.schemaRegistries[0].schemas[0].definitionFile";
        for (String escape : linked ? java.util.List.of("../secret.json", dir.resolve("secret.json").toString(), "link.json")
                : java.util.List.of("../secret.json", dir.resolve("secret.json").toString())) {
            WorldFiles.Result r = WorldFiles.parse(definitionFile(escape), world);
            assertThat(r).as(escape).isInstanceOfSatisfying(WorldFiles.Invalid.class, invalid -> assertThat(invalid.problems())
                    .singleElement().satisfies(p -> {
                        assertThat(p.path()).isEqualTo(field);
                        assertThat(p.message()).contains("stay inside it");
                    }));
        }
        WorldFiles.Result notJson = WorldFiles.parse(definitionFile("passwd.txt"), world);
        assertThat(notJson).isInstanceOfSatisfying(WorldFiles.Invalid.class, invalid -> assertThat(invalid.problems())
                .singleElement().satisfies(p -> {
                    assertThat(p.path()).isEqualTo(field);
                    assertThat(p.message()).contains("must hold a JSON schema").doesNotContain("root");
                }));
    }

    private static String definitionFile(String path) {
        return base("\"schemaRegistries\":[{\"name\":\"r\",\"schemas\":[{\"name\":\"s\",\"dataFormat\":\"JSON\","
                + "\"definitionFile\":\"" + path.replace("\\", "\\\\") + "\"}]}]");
    }

    private static String base(String members) {
        return "{\"account\":\"123456789012\",\"region\":\"us-east-1\"," + members + "}";
    }

    private static Arguments bad(String json, String expected) {
        return Arguments.of(json, expected);
    }
}
