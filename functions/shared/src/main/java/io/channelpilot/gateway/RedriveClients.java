package io.channelpilot.gateway;

import java.util.Map;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * SDK clients of the redrive functions and the operator CLI, with the {@link AwsClients} conventions (explicit
 * region, url-connection HTTP client, {@code AWS_ENDPOINT_URL[_<SERVICE>]} override, static or default credentials).
 */
public final class RedriveClients {

    private final AwsClients aws;
    private final SdkHttpClient http = UrlConnectionHttpClient.create();

    public RedriveClients(Map<String, String> env) {
        this.aws = AwsClients.from(env);
    }

    /** With the caller's credentials (the operator CLI). */
    public RedriveClients(Map<String, String> env, software.amazon.awssdk.auth.credentials.AwsCredentialsProvider credentials) {
        this.aws = AwsClients.from(env, credentials);
    }

    public AwsClients aws() {
        return aws;
    }

    /** Channel Pilot's events on {@code CHANNEL_PILOT_EVENT_BUS} (default bus). */
    public io.channelpilot.events.EventPublisher eventPublisher() {
        return aws.eventPublisher();
    }

    public KafkaClient kafka() {
        return aws.kafka();
    }

    public S3Client s3() {
        return aws.s3();
    }

    public GlueClient glue() {
        return aws.glue();
    }

    public DynamoDbClient dynamoDb() {
        return build(DynamoDbClient.builder(), "DYNAMODB");
    }

    public SfnClient sfn() {
        return build(SfnClient.builder(), "SFN");
    }

    public SnsClient sns() {
        return build(SnsClient.builder(), "SNS");
    }

    private <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> C build(B builder, String service) {
        builder.region(aws.region()).credentialsProvider(aws.credentialsProvider()).httpClient(http);
        aws.endpoint(service).ifPresent(builder::endpointOverride);
        return builder.build();
    }
}
