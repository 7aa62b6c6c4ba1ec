package io.channelpilot.local.world.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.http.AwsRequest;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Operation names for the call log, from method + path + query, as the S3 API reference names them. */
class S3OperationNamesTest {

    @ParameterizedTest(name = "{0} {1}?{2} -> {3}")
    @CsvSource(delimiter = '|', value = {
            "GET|/|''|ListBuckets",
            "PUT|/b|''|CreateBucket",
            "HEAD|/b|''|HeadBucket",
            "DELETE|/b|''|DeleteBucket",
            "GET|/b|list-type=2&prefix=x|ListObjectsV2",
            "GET|/b|prefix=x|ListObjects",
            "GET|/b|encryption|GetBucketEncryption",
            "PUT|/b|encryption|PutBucketEncryption",
            "DELETE|/b|encryption|DeleteBucketEncryption",
            "GET|/b|logging|GetBucketLogging",
            "PUT|/b|logging|PutBucketLogging",
            "GET|/b|location|GetBucketLocation",
            "GET|/b|versioning|GetBucketVersioning",
            "GET|/b|lifecycle|GetBucketLifecycleConfiguration",
            "GET|/b|uploads|ListMultipartUploads",
            "POST|/b|delete|DeleteObjects",
            "PUT|/b/k/x.json|''|PutObject",
            "GET|/b/k/x.json|''|GetObject",
            "HEAD|/b/k/x.json|''|HeadObject",
            "DELETE|/b/k/x.json|''|DeleteObject",
            "POST|/b/k|uploads|CreateMultipartUpload",
            "PUT|/b/k|partNumber=1&uploadId=u|UploadPart",
            "POST|/b/k|uploadId=u|CompleteMultipartUpload",
            "DELETE|/b/k|uploadId=u|AbortMultipartUpload",
            "GET|/b/k|tagging|GetObjectTagging"})
    void shouldNameOperationLikeTheApiReferenceWhenRequestIsPathStyle(String method, String path, String query,
                                                                      String expected) {
        assertThat(S3OperationNames.of(request(method, path, query, Map.of()))).isEqualTo(expected);
    }

    @Test
    void shouldNameCopyObjectWhenCopySourceHeaderIsPresent() {
        assertThat(S3OperationNames.of(request("PUT", "/b/k", "", Map.of("x-amz-copy-source", List.of("/a/b")))))
                .isEqualTo("CopyObject");
    }

    @Test
    void shouldDecodeAwsChunkedBodyWithSignaturesAndTrailer() {
        String chunked = "5;chunk-signature=abc\r\nhello\r\n6;chunk-signature=def\r\n world\r\n"
                + "0;chunk-signature=0\r\nx-amz-checksum-crc32:AAAA\r\n\r\n";
        assertThat(new String(AwsChunkedDecoder.decode(chunked.getBytes(StandardCharsets.US_ASCII)),
                StandardCharsets.US_ASCII)).isEqualTo("hello world");
    }

    @Test
    void shouldRefuseTruncatedAwsChunkedBody() {
        assertThatThrownBy(() -> AwsChunkedDecoder.decode("a\r\nshort".getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("truncated");
    }

    private static AwsRequest request(String method, String path, String query, Map<String, List<String>> headers) {
        Map<String, List<String>> q = new LinkedHashMap<>();
        if (!query.isEmpty()) {
            for (String pair : query.split("&")) {
                String[] kv = pair.split("=", 2);
                q.put(kv[0], List.of(kv.length > 1 ? kv[1] : ""));
            }
        }
        return new AwsRequest("s3", method, path, q, headers, new byte[0]);
    }
}
