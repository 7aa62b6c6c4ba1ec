package io.channelpilot.local.world.s3tables;

import java.time.Instant;
import java.util.Optional;

/** A table as the delivery simulation and the world report see it. */
public record TableView(String tableBucketArn, String namespace, String name, String tableArn, String tableId,
                        String warehouseLocation, Optional<String> metadataLocation, String versionToken,
                        Optional<String> managedByService, Instant createdAt) {
}
