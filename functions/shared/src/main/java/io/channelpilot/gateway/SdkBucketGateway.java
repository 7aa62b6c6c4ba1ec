package io.channelpilot.gateway;

import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ServerSideEncryptionRule;

/**
 * {@link Gateways.BucketGateway} over S3 GetBucketLocation / GetBucketEncryption / GetBucketLogging. Every call names
 * the stack's account as the expected bucket owner (issue 13): a DLQ bucket name that has come to belong to another
 * account answers 403 instead of describing that account's bucket. Without a known account (tests, tools) the header
 * is left out.
 */
final class SdkBucketGateway implements Gateways.BucketGateway {

    private static final String SERVICE = "S3";
    private final S3Client s3;
    private final String owner;

    public SdkBucketGateway(S3Client s3) {
        this(s3, "");
    }

    public SdkBucketGateway(S3Client s3, String expectedOwner) {
        this.s3 = s3;
        this.owner = expectedOwner == null || expectedOwner.isBlank() ? null : expectedOwner;
    }

    @Override
    public GatewayResult<Optional<String>> region(String bucket) {
        return SdkCalls.find(SERVICE, "GetBucketLocation", "s3:GetBucketLocation", Set.of("NoSuchBucket"), () -> {
            String constraint = s3.getBucketLocation(r -> r.bucket(bucket).expectedBucketOwner(owner)).locationConstraintAsString();
            // An empty constraint means us-east-1; the legacy value EU means eu-west-1 (S3 API reference).
            if (constraint == null || constraint.isEmpty()) {
                return "us-east-1";
            }
            return constraint.equals("EU") ? "eu-west-1" : constraint;
        });
    }

    @Override
    public GatewayResult<Facts.BucketEncryption> encryption(String bucket) {
        return SdkCalls.call(SERVICE, "GetBucketEncryption", "s3:GetEncryptionConfiguration", () -> {
            try {
                var rules = s3.getBucketEncryption(r -> r.bucket(bucket).expectedBucketOwner(owner)).serverSideEncryptionConfiguration().rules();
                return rules.stream().map(ServerSideEncryptionRule::applyServerSideEncryptionByDefault)
                        .filter(d -> d != null)
                        .findFirst()
                        .map(d -> Facts.BucketEncryption.of(d.sseAlgorithmAsString(), d.kmsMasterKeyID()))
                        .orElse(Facts.BucketEncryption.of("", ""));
            } catch (AwsServiceException e) {
                if ("ServerSideEncryptionConfigurationNotFoundError".equals(AwsErrors.errorCode(e))) {
                    return Facts.BucketEncryption.of("", "");
                }
                throw e;
            }
        });
    }

    @Override
    public GatewayResult<Boolean> accessLogging(String bucket) {
        return SdkCalls.call(SERVICE, "GetBucketLogging", "s3:GetBucketLogging",
                () -> s3.getBucketLogging(r -> r.bucket(bucket).expectedBucketOwner(owner)).loggingEnabled() != null);
    }
}
