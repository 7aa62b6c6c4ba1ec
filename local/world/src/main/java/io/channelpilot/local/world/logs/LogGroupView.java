package io.channelpilot.local.world.logs;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** A log group as the world report and validation see it. */
public record LogGroupView(String name, String arn, Instant creationTime, Optional<Integer> retentionInDays,
                           Optional<String> kmsKeyId, Map<String, String> tags, int streams, long events) {
}
