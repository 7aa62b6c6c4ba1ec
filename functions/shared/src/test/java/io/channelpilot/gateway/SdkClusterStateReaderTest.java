package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.PlanScope;
import io.channelpilot.workflow.AwsThrottled;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.kafka.KafkaClient;

/** The reader against a loopback fake speaking MSK's REST-JSON wire format (camelCase, URL-encoded ARN segments). */
class SdkClusterStateReaderTest {

    private static final String CLUSTER = TestSpecs.CLUSTER_ARN;
    private static final String CH1 = "arn:aws:kafka:us-east-1:123456789012:channel/demo/u-1/orders-a/c1";
    private static final String CH2 = "arn:aws:kafka:us-east-1:123456789012:channel/demo/u-1/iac/c2";

    private HttpServer server;
    private KafkaClient kafka;
    private final Map<String, Response> routes = new HashMap<>();
    private final List<String> requests = new ArrayList<>();

    record Response(int status, String errorType, String body) {
    }

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::serve);
        server.start();
        kafka = KafkaClient.builder().region(Region.US_EAST_1).httpClient(UrlConnectionHttpClient.create())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("id", "secret")))
                .endpointOverride(URI.create("http://127.0.0.1:" + server.getAddress().getPort()))
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(1).build()))
                .build();
        routes.put("GET /api/v2/clusters/" + CLUSTER, ok("{\"clusterInfo\":{\"clusterArn\":\"" + CLUSTER
                + "\",\"tags\":{\"channel-pilot/orders\":\"topic=orders\"}}}"));
        routes.put("GET /v1/clusters/" + CLUSTER + "/topics", ok("{\"topics\":[{\"topicName\":\"orders\"}],\"nextToken\":\"t2\"}"));
        routes.put("GET /v1/clusters/" + CLUSTER + "/topics?t2", ok("{\"topics\":[{\"topicName\":\"audit\"}]}"));
        routes.put("GET /v1/clusters/" + CLUSTER + "/channels", ok("{\"channels\":[" + info(CH1) + "],\"nextToken\":\"n2\"}"));
        routes.put("GET /v1/clusters/" + CLUSTER + "/channels?n2", ok("{\"channels\":[" + info(CH2) + "]}"));
        routes.put("GET /v1/clusters/" + CLUSTER + "/channels/" + CH1, ok(describe(CH1, "orders-a", "orders", "sales", "orders",
                "{\"channel-pilot/managed-by\":\"channel-pilot-test\"}")));
        routes.put("GET /v1/clusters/" + CLUSTER + "/channels/" + CH2, ok(describe(CH2, "iac", "orders", "raw", "orders", "{}")));
    }

    @AfterEach
    void stop() {
        kafka.close();
        server.stop(0);
    }

    @Test
    void shouldReadTagsEveryTopicPageAndDescribeEveryChannelWhenScopeIsAll() {
        ClusterState state = new SdkClusterStateReader(kafka).read(CLUSTER, PlanScope.all());

        assertThat(state.clusterTags()).containsEntry("channel-pilot/orders", "topic=orders");
        assertThat(state.topics()).containsOnlyKeys("orders", "audit");
        assertThat(state.channels()).hasSize(2);
        assertThat(state.channels().get(0)).satisfies(c -> {
            assertThat(c.channelName()).isEqualTo("orders-a");
            assertThat(c.topic()).isEqualTo("orders");
            assertThat(c.namespace()).isEqualTo("sales");
            assertThat(c.freshnessSeconds()).isEqualTo(300);
            assertThat(c.status()).isEqualTo("ACTIVE");
            assertThat(c.tags()).containsEntry("channel-pilot/managed-by", "channel-pilot-test");
        });
    }

    @Test
    void shouldFilterChannelsByTopicAndReportMissingTopicWhenScopeNamesTopics() {
        routes.put("GET /v1/clusters/" + CLUSTER + "/topics/orders", ok("{\"topicName\":\"orders\",\"partitionCount\":3}"));
        routes.put("GET /v1/clusters/" + CLUSTER + "/topics/gone", new Response(404, "NotFoundException", "{\"message\":\"no\"}"));
        routes.put("GET /v1/clusters/" + CLUSTER + "/channels?topicNameFilter=orders", ok("{\"channels\":[" + info(CH1) + "]}"));
        routes.put("GET /v1/clusters/" + CLUSTER + "/channels?topicNameFilter=gone", ok("{\"channels\":[]}"));

        ClusterState state = new SdkClusterStateReader(kafka).read(CLUSTER, PlanScope.topics(Set.of("orders", "gone")));

        assertThat(state.topics()).containsOnlyKeys("orders");
        assertThat(state.channels()).extracting(c -> c.channelName()).containsExactly("orders-a");
        assertThat(requests).contains("GET /v1/clusters/" + CLUSTER + "/channels?topicNameFilter=orders");
    }

    @Test
    void shouldThrowAwsThrottledWhenMskThrottles() {
        routes.put("GET /api/v2/clusters/" + CLUSTER, new Response(429, "TooManyRequestsException", "{\"message\":\"slow down\"}"));

        assertThatThrownBy(() -> new SdkClusterStateReader(kafka).read(CLUSTER, PlanScope.all())).isInstanceOf(AwsThrottled.class);
    }

    @Test
    void shouldReportClusterNotFoundWhenDescribeClusterAnswers404() {
        routes.put("GET /api/v2/clusters/" + CLUSTER, new Response(404, "NotFoundException", "{\"message\":\"no\"}"));

        assertThatThrownBy(() -> new SdkClusterStateReader(kafka).read(CLUSTER, PlanScope.all()))
                .isInstanceOfSatisfying(ClusterReadException.class, e -> assertThat(e.code()).isEqualTo(ClusterReadException.Code.CLUSTER_NOT_FOUND));
    }

    @Test
    void shouldNamePermissionWhenListChannelsIsDenied() {
        routes.put("GET /v1/clusters/" + CLUSTER + "/channels", new Response(403, "ForbiddenException", "{\"message\":\"denied\"}"));

        assertThatThrownBy(() -> new SdkClusterStateReader(kafka).read(CLUSTER, PlanScope.all()))
                .isInstanceOfSatisfying(ClusterReadException.class, e -> {
                    assertThat(e.code()).isEqualTo(ClusterReadException.Code.READ_DENIED);
                    assertThat(e.getMessage()).contains("kafka:ListChannels");
                });
    }

    private void serve(HttpExchange exchange) throws IOException {
        String path = URLDecoder.decode(exchange.getRequestURI().getRawPath(), StandardCharsets.UTF_8);
        String query = exchange.getRequestURI().getRawQuery();
        String key = exchange.getRequestMethod() + " " + path + queryKey(query);
        requests.add(key);
        Response response = routes.getOrDefault(key, new Response(400, "BadRequestException", "{\"message\":\"unexpected " + key + "\"}"));
        byte[] body = response.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        if (response.errorType() != null) {
            exchange.getResponseHeaders().add("x-amzn-ErrorType", response.errorType());
        }
        exchange.sendResponseHeaders(response.status(), body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    /** Only the parts a route cares about: the page token or the topic filter. */
    private static String queryKey(String query) {
        if (query == null) {
            return "";
        }
        for (String part : query.split("&")) {
            if (part.startsWith("nextToken=")) {
                return "?" + part.substring("nextToken=".length());
            }
            if (part.startsWith("topicNameFilter=")) {
                return "?" + part;
            }
        }
        return "";
    }

    private static Response ok(String body) {
        return new Response(200, null, body);
    }

    private static String info(String arn) {
        return "{\"channelArn\":\"" + arn + "\",\"channelName\":\"x\",\"status\":\"ACTIVE\",\"creationTime\":\"2026-05-01T10:00:00Z\","
                + "\"destinationType\":\"ICEBERG\"}";
    }

    private static String describe(String arn, String name, String topic, String namespace, String table, String tags) {
        return "{\"channelArn\":\"" + arn + "\",\"channelName\":\"" + name + "\",\"status\":\"ACTIVE\",\"destinationType\":\"ICEBERG\","
                + "\"creationTime\":\"2026-05-01T10:00:00Z\",\"topicConfigurationList\":[{\"topicArn\":\"arn:aws:kafka:us-east-1:"
                + "123456789012:topic/demo/u-1/" + topic + "\",\"recordConverter\":{\"valueConverter\":\"JSON\"}}],"
                + "\"icebergDestinationConfiguration\":{\"appendOnly\":true,\"dataFreshnessInSeconds\":300,\"destinationTableList\":"
                + "[{\"destinationDatabaseName\":\"" + namespace + "\",\"destinationTableName\":\"" + table + "\"}]},\"tags\":" + tags + "}";
    }
}
