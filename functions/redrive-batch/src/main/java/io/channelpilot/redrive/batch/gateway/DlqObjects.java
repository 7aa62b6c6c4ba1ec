package io.channelpilot.redrive.batch.gateway;

import io.channelpilot.dlq.DlqEntry;
import io.channelpilot.dlq.DlqObjectResult;
import java.util.function.Consumer;

/** Reads one DLQ object's entries (S3 GetObject + the shared tolerant {@code DlqParser}). */
public interface DlqObjects {

    DlqObjectResult read(String bucket, String key, String topic, Consumer<DlqEntry> sink);
}
