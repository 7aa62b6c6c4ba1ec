package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.sfn.template.CfnYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The stack's one dashboard (issue 15 §5): every graph of channel metrics is a metric {@code SEARCH} over
 * {@code AWS/Kafka} by exactly {@code ClusterName, ChannelName, Topic} — so it shows every channel without per-channel
 * edits — and names only metrics the service documents; every Channel Pilot metric it plots is one the code emits.
 */
public class DashboardTest {

    /**
     * The channel metrics the MSK Developer Guide documents (namespace AWS/Kafka, dimensions ClusterName, ChannelName,
     * Topic; the Iceberg destination's metrics carry the DeliveryToIceberg. prefix). Held here, not read from a file
     * outside the repository.
     */
    static final Set<String> DOCUMENTED_CHANNEL_METRICS = Set.of("DeliveryToIceberg.DataFreshness", "DeliveryToIceberg.BytesIn",
            "DeliveryToIceberg.BytesProcessed", "DeliveryToIceberg.BytesOut", "DeliveryToIceberg.TotalRowCount",
            "DeliveryToIceberg.SuccessfulRowCount", "DeliveryToIceberg.FailedRowCount", "DeliveryToIceberg.CommitSuccess",
            "DeliveryToIceberg.DLQDeliverySuccess");
    static final List<String> CHANNEL_DIMENSIONS = List.of("ClusterName", "ChannelName", "Topic");
    /** Powertools Metrics' default dimension (POWERTOOLS_SERVICE_NAME) on every EMF metric of the functions. */
    static final List<String> EMF_DIMENSIONS = List.of("Service");

    private static final Pattern SEARCH = Pattern.compile("SEARCH\\('\\{([^}]*)\\}\\s+MetricName=\"([^\"]+)\"'\\s*,\\s*'(\\w+)'\\s*,\\s*(\\d+)\\)");
    private static final Pattern EMITTED = Pattern.compile("(?:addMetric|flushSingleMetric)\\(\"(\\w+)\"|CONFIGURED_FRESHNESS = \"(\\w+)\"");

    public record Search(String namespace, List<String> dimensions, String metric, String statistic, int period) {
    }

    @Test
    void shouldPlotOnlyDocumentedChannelMetricsBySearchOverTheirThreeDimensions() throws IOException {
        List<Search> searches = searches();

        List<Search> kafka = searches.stream().filter(s -> s.namespace().equals("AWS/Kafka")).toList();
        assertThat(kafka).extracting(Search::metric).containsExactlyInAnyOrder("DeliveryToIceberg.DataFreshness",
                "DeliveryToIceberg.FailedRowCount", "DeliveryToIceberg.DLQDeliverySuccess");
        assertThat(kafka).allSatisfy(s -> {
            assertThat(DOCUMENTED_CHANNEL_METRICS).as("documented channel metric").contains(s.metric());
            assertThat(s.dimensions()).as(s.metric()).isEqualTo(CHANNEL_DIMENSIONS);
        });
        assertThat(searches).extracting(Search::namespace).containsOnly("AWS/Kafka", "ChannelPilot");
    }

    @Test
    void shouldPlotOnlyChannelPilotMetricsTheFunctionsEmitWithTheirDimensions() throws IOException {
        Set<String> emitted = emittedMetrics();

        List<Search> ours = searches().stream().filter(s -> s.namespace().equals("ChannelPilot")).toList();

        assertThat(ours).extracting(Search::metric).contains("Refusals", "RecordsRedriven", "ChannelsDrifted",
                "ConfiguredFreshnessSeconds");
        assertThat(ours).allSatisfy(s -> {
            assertThat(emitted).as("metric emitted by a function").contains(s.metric());
            assertThat(s.dimensions()).as(s.metric()).isEqualTo(s.metric().equals("ConfiguredFreshnessSeconds")
                    ? CHANNEL_DIMENSIONS : EMF_DIMENSIONS);
        });
    }

    @Test
    void shouldBeOneDashboardWhoseEveryMetricGraphIsASearch() throws IOException {
        JsonNode resources = CfnYaml.parse(Files.readString(Repo.root().resolve("template.yaml"))).path("Resources");
        List<String> dashboards = new ArrayList<>();
        resources.fields().forEachRemaining(e -> {
            if (e.getValue().path("Type").asText().equals("AWS::CloudWatch::Dashboard")) {
                dashboards.add(e.getKey());
            }
        });
        assertThat(dashboards).containsExactly("ChannelPilotDashboard");

        for (JsonNode widget : body().path("widgets")) {
            if (!widget.path("type").asText().equals("metric")) {
                continue;
            }
            for (JsonNode line : widget.at("/properties/metrics")) {
                assertThat(line).hasSize(1);
                assertThat(line.get(0).path("expression").asText()).as(widget.at("/properties/title").asText()).startsWith("SEARCH(");
            }
        }
    }

    static JsonNode body() throws IOException {
        JsonNode dashboard = CfnYaml.parse(Files.readString(Repo.root().resolve("template.yaml")))
                .at("/Resources/ChannelPilotDashboard/Properties/DashboardBody");
        JsonNode sub = dashboard.path("Fn::Sub");
        String text = (sub.isArray() ? sub.get(0) : sub).asText().replace("${AWS::Region}", "us-east-1");
        return new ObjectMapper().readTree(text);
    }

    public static List<Search> searches() throws IOException {
        List<Search> out = new ArrayList<>();
        for (JsonNode widget : body().path("widgets")) {
            for (JsonNode line : widget.at("/properties/metrics")) {
                for (JsonNode item : line) {
                    String expression = item.path("expression").asText("");
                    Matcher m = SEARCH.matcher(expression);
                    if (!expression.isEmpty()) {
                        assertThat(m.matches()).as("SEARCH expression: " + expression).isTrue();
                        List<String> parts = List.of(m.group(1).split(","));
                        out.add(new Search(parts.get(0).strip(), parts.subList(1, parts.size()).stream().map(String::strip).toList(),
                                m.group(2), m.group(3), Integer.parseInt(m.group(4))));
                    }
                }
            }
        }
        assertThat(out).isNotEmpty();
        return out;
    }

    /** Every literal metric name the functions emit (addMetric / flushSingleMetric in functions/&#42;/src/main). */
    static Set<String> emittedMetrics() throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Repo.root().resolve("functions"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/")).toList()) {
                Matcher m = EMITTED.matcher(Files.readString(f));
                while (m.find()) {
                    names.add(m.group(1) != null ? m.group(1) : m.group(2));
                }
            }
        }
        return names;
    }
}
