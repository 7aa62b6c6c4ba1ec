package io.channelpilot.gateway;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Records the gateways return; they never leak SDK model types. */
public final class Facts {

    private Facts() {
    }

    /** DescribeClusterV2, reduced to what validation needs (reference §1.2). */
    public record Cluster(String arn, String clusterType, String state, String instanceType, Map<String, String> tags) {
        public Cluster {
            instanceType = instanceType == null ? "" : instanceType;
            tags = tags == null ? Map.of() : Map.copyOf(tags);
        }

        /** Express test: {@code PROVISIONED} and a broker instance type starting with {@code express.}. */
        public boolean isExpress() {
            return "PROVISIONED".equals(clusterType) && instanceType.startsWith("express.");
        }
    }

    /** DescribeTopic; {@code configs} is the service's base64 string, kept raw. */
    public record Topic(String name, int partitionCount, int replicationFactor, String configs) {
    }

    /** Glue GetSchema + GetSchemaVersion (latest). */
    public record Schema(String arn, String dataFormat, String status, long latestVersion, String definition) {
        public boolean isJson() {
            return "JSON".equals(dataFormat);
        }
    }

    /** S3 Tables GetTableBucket. */
    public record TableBucket(String arn, String name, String ownerAccountId) {
    }

    public record Table(String arn, String namespace, String name) {
    }

    /** CloudWatch Logs DescribeLogGroups (exact name). */
    public record LogGroup(String name, String kmsKeyId, Integer retentionDays) {
        public Optional<String> kmsKey() {
            return kmsKeyId == null || kmsKeyId.isEmpty() ? Optional.empty() : Optional.of(kmsKeyId);
        }
    }

    /** Default encryption of an S3 bucket or an S3 table bucket. */
    public record BucketEncryption(Algorithm algorithm, String kmsKeyId) {
        public enum Algorithm { NONE, SSE_S3, SSE_KMS, DSSE_KMS, OTHER }

        public BucketEncryption {
            kmsKeyId = kmsKeyId == null ? "" : kmsKeyId;
        }

        /** Maps the wire value ({@code AES256}, {@code aws:kms}, {@code aws:kms:dsse}). */
        public static BucketEncryption of(String sseAlgorithm, String kmsKeyId) {
            String a = sseAlgorithm == null ? "" : sseAlgorithm.toLowerCase(Locale.ROOT);
            Algorithm algorithm = a.isEmpty() ? Algorithm.NONE
                    : a.equals("aes256") ? Algorithm.SSE_S3
                    : a.equals("aws:kms") ? Algorithm.SSE_KMS
                    : a.equals("aws:kms:dsse") ? Algorithm.DSSE_KMS : Algorithm.OTHER;
            return new BucketEncryption(algorithm, kmsKeyId);
        }

        public boolean usesKms() {
            return algorithm == Algorithm.SSE_KMS || algorithm == Algorithm.DSSE_KMS;
        }
    }

    /** IAM GetRole; the trust policy is already URL-decoded JSON text. */
    public record Role(String arn, String name, String trustPolicy) {
    }

    /** One SimulatePrincipalPolicy result that was not allowed. */
    public record Denial(String action, String resource, String decision) {
    }
}
