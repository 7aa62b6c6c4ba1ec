package io.channelpilot.local.world.msk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.kafka.model.BadRequestException;
import software.amazon.awssdk.services.kafka.model.Cluster;
import software.amazon.awssdk.services.kafka.model.ClusterType;
import software.amazon.awssdk.services.kafka.model.CreateTopicResponse;
import software.amazon.awssdk.services.kafka.model.DescribeTopicResponse;
import software.amazon.awssdk.services.kafka.model.ListClustersV2Response;
import software.amazon.awssdk.services.kafka.model.ListTopicsResponse;
import software.amazon.awssdk.services.kafka.model.NotFoundException;
import software.amazon.awssdk.services.kafka.model.TopicExistsException;
import software.amazon.awssdk.services.kafka.model.UnknownTopicOrPartitionException;

/** DescribeClusterV2, ListClustersV2 and the topic operations through the real KafkaClient 2.50.2. */
class MskClusterAndTopicContractTest {

    private MskFixture world;

    @BeforeEach
    void start() throws Exception {
        world = new MskFixture();
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void shouldDescribeExpressClusterWithBrokerTypeAndTags() {
        Cluster c = world.kafka.describeClusterV2(r -> r.clusterArn(world.express)).clusterInfo();

        assertThat(c.clusterType()).isEqualTo(ClusterType.PROVISIONED);
        assertThat(c.clusterArn()).isEqualTo(
                "arn:aws:kafka:us-east-1:123456789012:cluster/express-1/2f1c7a52-8c3e-4b4e-9d0a-1b2c3d4e5f60-3");
        assertThat(c.provisioned().brokerNodeGroupInfo().instanceType()).isEqualTo("express.m7g.large");
        assertThat(c.provisioned().currentBrokerSoftwareInfo().kafkaVersion()).isEqualTo("3.8.x");
        assertThat(c.stateAsString()).isEqualTo("ACTIVE");
        assertThat(c.tags()).containsEntry("team", "data");
        assertThat(c.creationTime()).isEqualTo(world.clock.instant());
    }

    @Test
    void shouldDescribeStandardAndServerlessClustersWithTheirShapes() {
        Cluster standard = world.kafka.describeClusterV2(r -> r.clusterArn(world.standard)).clusterInfo();
        Cluster serverless = world.kafka.describeClusterV2(r -> r.clusterArn(world.serverless)).clusterInfo();

        assertThat(standard.provisioned().brokerNodeGroupInfo().instanceType()).isEqualTo("kafka.m5.large");
        assertThat(standard.provisioned().brokerNodeGroupInfo().storageInfo().ebsStorageInfo().volumeSize())
                .isEqualTo(100);
        assertThat(serverless.clusterType()).isEqualTo(ClusterType.SERVERLESS);
        assertThat(serverless.provisioned()).isNull();
        assertThat(serverless.serverless().vpcConfigs()).hasSize(1);
    }

    @Test
    void shouldRaiseNotFoundWhenClusterIsUnknown() {
        assertThatThrownBy(() -> world.kafka.describeClusterV2(r -> r.clusterArn(
                "arn:aws:kafka:us-east-1:123456789012:cluster/nope/00000000-0000-0000-0000-000000000000-1")))
                .isInstanceOfSatisfying(NotFoundException.class,
                        e -> assertThat(e.invalidParameter()).isEqualTo("clusterArn"));
    }

    @Test
    void shouldListClustersByPrefixTypeAndPages() {
        ListClustersV2Response first = world.kafka.listClustersV2(r -> r.maxResults(2));
        ListClustersV2Response second = world.kafka.listClustersV2(r -> r.maxResults(2).nextToken(first.nextToken()));
        ListClustersV2Response serverless = world.kafka.listClustersV2(r -> r.clusterTypeFilter("SERVERLESS"));
        ListClustersV2Response byName = world.kafka.listClustersV2(r -> r.clusterNameFilter("exp"));

        assertThat(first.clusterInfoList()).extracting(Cluster::clusterName).containsExactly("express-1", "standard-1");
        assertThat(second.clusterInfoList()).extracting(Cluster::clusterName).containsExactly("serverless-1");
        assertThat(second.nextToken()).isNull();
        assertThat(serverless.clusterInfoList()).extracting(Cluster::clusterName).containsExactly("serverless-1");
        assertThat(byName.clusterInfoList()).extracting(Cluster::clusterName).containsExactly("express-1");
    }

    @Test
    void shouldCreateTopicMirrorItAndDescribeIt() {
        String configs = Base64.getEncoder().encodeToString("{\"retention.ms\":\"86400000\"}"
                .getBytes(StandardCharsets.UTF_8));

        CreateTopicResponse created = world.kafka.createTopic(r -> r.clusterArn(world.express).topicName("payments")
                .partitionCount(3).replicationFactor(3).configs(configs));
        DescribeTopicResponse described = world.kafka.describeTopic(r -> r.clusterArn(world.express)
                .topicName("payments"));

        assertThat(created.topicArn()).isEqualTo("arn:aws:kafka:us-east-1:123456789012:topic/express-1/"
                + "2f1c7a52-8c3e-4b4e-9d0a-1b2c3d4e5f60-3/payments");
        assertThat(created.statusAsString()).isEqualTo("CREATING");
        assertThat(described.partitionCount()).isEqualTo(3);
        assertThat(described.replicationFactor()).isEqualTo(3);
        assertThat(new String(Base64.getDecoder().decode(described.configs()), StandardCharsets.UTF_8))
                .contains("\"retention.ms\":\"86400000\"");
        assertThat(world.backend.topics()).containsKey("express-1/payments");
        assertThat(world.backend.topics().get("express-1/payments").configs())
                .containsEntry("retention.ms", "86400000");
    }

    @Test
    void shouldRefuseDuplicateTopicWithTopicExists() {
        assertThatThrownBy(() -> world.kafka.createTopic(r -> r.clusterArn(world.express).topicName("orders")
                .partitionCount(1).replicationFactor(3)))
                .isInstanceOf(TopicExistsException.class);
    }

    @Test
    void shouldRefuseTopicWithoutPartitions() {
        assertThatThrownBy(() -> world.kafka.createTopic(r -> r.clusterArn(world.express).topicName("x")
                .partitionCount(0).replicationFactor(3)))
                .isInstanceOfSatisfying(BadRequestException.class,
                        e -> assertThat(e.invalidParameter()).isEqualTo("partitionCount"));
    }

    @Test
    void shouldListTopicsByPrefixWithPagination() {
        for (String t : new String[] {"orders.eu", "orders.us", "refunds"}) {
            world.kafka.createTopic(r -> r.clusterArn(world.express).topicName(t).partitionCount(1)
                    .replicationFactor(3));
        }

        ListTopicsResponse page1 = world.kafka.listTopics(r -> r.clusterArn(world.express)
                .topicNameFilter("orders").maxResults(2));
        ListTopicsResponse page2 = world.kafka.listTopics(r -> r.clusterArn(world.express)
                .topicNameFilter("orders").maxResults(2).nextToken(page1.nextToken()));

        assertThat(page1.topics()).extracting(t -> t.topicName()).containsExactly("orders", "orders.eu");
        assertThat(page2.topics()).extracting(t -> t.topicName()).containsExactly("orders.us");
        assertThat(page2.nextToken()).isNull();
        assertThat(page1.topics().get(0).partitionCount()).isEqualTo(6);
    }

    @Test
    void shouldRaiseBadRequestForUndecodableNextToken() {
        assertThatThrownBy(() -> world.kafka.listTopics(r -> r.clusterArn(world.express).nextToken("garbage!")))
                .isInstanceOfSatisfying(BadRequestException.class,
                        e -> assertThat(e.invalidParameter()).isEqualTo("nextToken"));
    }

    @Test
    void shouldIncreasePartitionsAndRefuseDecrease() {
        world.kafka.updateTopic(r -> r.clusterArn(world.express).topicName("orders").partitionCount(12));

        assertThat(world.kafka.describeTopic(r -> r.clusterArn(world.express).topicName("orders")).partitionCount())
                .isEqualTo(12);
        assertThat(world.backend.topics().get("express-1/orders").partitions()).isEqualTo(12);
        assertThatThrownBy(() -> world.kafka.updateTopic(r -> r.clusterArn(world.express).topicName("orders")
                .partitionCount(2)))
                .isInstanceOfSatisfying(BadRequestException.class,
                        e -> assertThat(e.getMessage()).contains("can only increase"));
    }

    @Test
    void shouldDeleteTopicAndThenReportItUnknown() {
        world.kafka.deleteTopic(r -> r.clusterArn(world.express).topicName("orders"));

        assertThat(world.backend.topics()).doesNotContainKey("express-1/orders");
        assertThatThrownBy(() -> world.kafka.describeTopic(r -> r.clusterArn(world.express).topicName("orders")))
                .isInstanceOf(UnknownTopicOrPartitionException.class);
        assertThatThrownBy(() -> world.kafka.deleteTopic(r -> r.clusterArn(world.express).topicName("orders")))
                .isInstanceOf(UnknownTopicOrPartitionException.class);
    }

    @Test
    void shouldShowTopicChangesOnlyAfterThePropagationDelay() throws Exception {
        try (MskFixture lagging = new MskFixture(MskSettings.defaults("123456789012", "us-east-1")
                .withTopicPropagationDelay(Duration.ofMinutes(1)))) {
            lagging.kafka.createTopic(r -> r.clusterArn(lagging.express).topicName("late").partitionCount(1)
                    .replicationFactor(3));

            assertThatThrownBy(() -> lagging.kafka.describeTopic(r -> r.clusterArn(lagging.express)
                    .topicName("late"))).isInstanceOf(UnknownTopicOrPartitionException.class);
            lagging.clock.advance(Duration.ofSeconds(60));
            assertThat(lagging.kafka.describeTopic(r -> r.clusterArn(lagging.express).topicName("late"))
                    .topicName()).isEqualTo("late");
        }
    }
}
