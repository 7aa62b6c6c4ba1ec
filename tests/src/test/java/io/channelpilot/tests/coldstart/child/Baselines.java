package io.channelpilot.tests.coldstart.child;

import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.iam.IamClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.lakeformation.LakeFormationClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3tables.S3TablesClient;
import software.amazon.awssdk.services.servicequotas.ServiceQuotasClient;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * The bare handler per function: its constructor builds the SDK clients the function builds (same services, one
 * {@link UrlConnectionHttpClient}, region/credentials/endpoint from the environment as {@code AwsClients} does), its
 * invocation makes one call equivalent to the function's first one and writes a tiny response. No Jackson (beyond the
 * SDK's shaded copy), no Powertools, no log4j: what is left is the floor the SDK itself costs. Each function's
 * baseline is its own nested class, so a zip is only asked for the classes of its own services.
 */
final class Baselines {

    private Baselines() {
    }

    static RequestStreamHandler create(String function) {
        return switch (function) {
            case "validate-channel" -> new Validate();
            case "resolve-intents" -> new Resolve();
            case "provision-channel" -> new Provision();
            case "poll-channel" -> new Poll();
            case "notify" -> new Notify();
            case "respond-to-alarm" -> new Alarm();
            case "redrive-control" -> new Control();
            case "redrive-batch" -> new Batch();
            case "reconcile" -> new Reconcile();
            default -> throw new IllegalArgumentException("no baseline for " + function);
        };
    }

    private static final SdkHttpClient HTTP = UrlConnectionHttpClient.create();

    static <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> C client(B builder) {
        Map<String, String> env = System.getenv();
        builder.region(Region.of(env.get("AWS_REGION"))).httpClient(HTTP)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(env.get("AWS_ACCESS_KEY_ID"),
                        env.get("AWS_SECRET_ACCESS_KEY"))))
                .endpointOverride(URI.create(env.get("AWS_ENDPOINT_URL")));
        return builder.build();
    }

    static String cluster() {
        return System.getenv("COLDSTART_CLUSTER_ARN");
    }

    static Map<String, AttributeValue> statusKey() {
        return Map.of("pk", AttributeValue.fromS("CHANNEL#" + cluster()), "sk", AttributeValue.fromS("TOPIC#baseline"));
    }

    static void reply(java.io.OutputStream out, Object answer) throws java.io.IOException {
        out.write(("{\"baseline\":\"" + answer + "\"}").getBytes(StandardCharsets.UTF_8));
    }

    static final class Validate implements RequestStreamHandler {
        final KafkaClient kafka = client(KafkaClient.builder());
        final GlueClient glue = client(GlueClient.builder());
        final S3TablesClient tables = client(S3TablesClient.builder());
        final CloudWatchLogsClient logs = client(CloudWatchLogsClient.builder());
        final S3Client s3 = client(S3Client.builder().forcePathStyle(true));
        final IamClient iam = client(IamClient.builder());
        final ServiceQuotasClient quotas = client(ServiceQuotasClient.builder());
        final CloudWatchClient cloudWatch = client(CloudWatchClient.builder());

        @Override
        public void handleRequest(java.io.InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
                throws java.io.IOException {
            reply(out, kafka.describeClusterV2(r -> r.clusterArn(cluster())).clusterInfo().clusterName());
        }
    }

    static final class Resolve implements RequestStreamHandler {
        final KafkaClient kafka = client(KafkaClient.builder());
        final DynamoDbClient dynamo = client(DynamoDbClient.builder());

        @Override
        public void handleRequest(java.io.InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
                throws java.io.IOException {
            reply(out, kafka.describeClusterV2(r -> r.clusterArn(cluster())).clusterInfo().clusterName());
        }
    }

    static final class Provision implements RequestStreamHandler {
        final KafkaClient kafka = client(KafkaClient.builder());
        final CloudWatchLogsClient logs = client(CloudWatchLogsClient.builder());
        final CloudWatchClient cloudWatch = client(CloudWatchClient.builder());
        final LakeFormationClient lakeFormation = client(LakeFormationClient.builder());
        final S3TablesClient tables = client(S3TablesClient.builder());
        final DynamoDbClient dynamo = client(DynamoDbClient.builder());

        @Override
        public void handleRequest(java.io.InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
                throws java.io.IOException {
            reply(out, kafka.listChannels(r -> r.clusterArn(cluster())).channels().size());
        }
    }

    static final class Poll implements RequestStreamHandler {
        final KafkaClient kafka = client(KafkaClient.builder());
        final DynamoDbClient dynamo = client(DynamoDbClient.builder());

        @Override
        public void handleRequest(java.io.InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
                throws java.io.IOException {
            reply(out, kafka.listChannels(r -> r.clusterArn(cluster())).channels().size());
        }
    }

    static final class Notify implements RequestStreamHandler {
        final SnsClient sns = client(SnsClient.builder());
        final DynamoDbClient dynamo = client(DynamoDbClient.builder());

        @Override
        public void handleRequest(java.io.InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
                throws java.io.IOException {
            reply(out, sns.publish(r -> r.topicArn(System.getenv("CHANNEL_PILOT_TOPIC_ARN")).subject("baseline").message("baseline"))
                    .messageId());
        }
    }

    static final class Alarm implements RequestStreamHandler {
        final KafkaClient kafka = client(KafkaClient.builder());
        final CloudWatchClient cloudWatch = client(CloudWatchClient.builder());
        final S3Client s3 = client(S3Client.builder().forcePathStyle(true));
        final DynamoDbClient dynamo = client(DynamoDbClient.builder());
        final SnsClient sns = client(SnsClient.builder());
        final SfnClient sfn = client(SfnClient.builder());

        @Override
        public void handleRequest(java.io.InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
                throws java.io.IOException {
            reply(out, kafka.listChannels(r -> r.clusterArn(cluster())).channels().size());
        }
    }

    static final class Control implements RequestStreamHandler {
        final DynamoDbClient dynamo = client(DynamoDbClient.builder());
        final GlueClient glue = client(GlueClient.builder());
        final SnsClient sns = client(SnsClient.builder());

        @Override
        public void handleRequest(java.io.InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
                throws java.io.IOException {
            reply(out, dynamo.getItem(r -> r.tableName(System.getenv("CHANNEL_PILOT_STATUS_TABLE")).key(statusKey())).hasItem());
        }
    }

    static final class Batch implements RequestStreamHandler {
        final DynamoDbClient dynamo = client(DynamoDbClient.builder());
        final S3Client s3 = client(S3Client.builder().forcePathStyle(true));
        final KafkaClient kafka = client(KafkaClient.builder());

        @Override
        public void handleRequest(java.io.InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
                throws java.io.IOException {
            reply(out, dynamo.getItem(r -> r.tableName(System.getenv("CHANNEL_PILOT_STATUS_TABLE")).key(statusKey())).hasItem());
        }
    }

    static final class Reconcile implements RequestStreamHandler {
        final KafkaClient kafka = client(KafkaClient.builder());
        final SfnClient sfn = client(SfnClient.builder());
        final DynamoDbClient dynamo = client(DynamoDbClient.builder());
        final SnsClient sns = client(SnsClient.builder());

        @Override
        public void handleRequest(java.io.InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
                throws java.io.IOException {
            reply(out, kafka.listClustersV2(r -> r.maxResults(10)).clusterInfoList().size());
        }
    }
}
