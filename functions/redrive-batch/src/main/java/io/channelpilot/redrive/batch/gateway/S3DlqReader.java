package io.channelpilot.redrive.batch.gateway;

import io.channelpilot.dlq.DlqEntry;
import io.channelpilot.dlq.DlqObjectResult;
import io.channelpilot.dlq.DlqParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.Consumer;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@link DlqObjects} on S3: streams the object through {@link DlqParser} (gzip or plain, JSON lines or arrays), naming
 * the stack's account as the expected bucket owner (S3 refuses with 403 when the bucket belongs to someone else).
 */
public final class S3DlqReader implements DlqObjects {

    private final S3Client s3;
    private final DlqParser parser;
    private final String owner;

    /** @param owner the stack's account id; empty = not sent */
    public S3DlqReader(S3Client s3, DlqParser parser, String owner) {
        this.s3 = s3;
        this.parser = parser;
        this.owner = owner == null || owner.isEmpty() ? null : owner;
    }

    @Override
    public DlqObjectResult read(String bucket, String key, String topic, Consumer<DlqEntry> sink) {
        try (InputStream body = s3.getObject(r -> r.bucket(bucket).key(key).expectedBucketOwner(owner))) {
            return parser.parse(key, body, topic, sink);
        } catch (IOException e) {
            throw new UncheckedIOException("reading s3://" + bucket + "/" + key + " failed", e);
        }
    }
}
