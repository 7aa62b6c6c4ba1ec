package io.channelpilot.local.world.delivery;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.iceberg.Schema;

/**
 * Judges one record value against the schema the channel's converter names: the fixed definition ({@code JSON}) or
 * the record's embedded schema version ({@code JSON_SCHEMA_GSR}), each read once into a {@link DeliverySchema} (the
 * world's own validator and delivery rules, independent of the product's conformance code).
 */
final class RecordDecoder {

    /** The decision for one value; {@code table} is the table schema of the schema that accepted it. */
    sealed interface Decision {
        record Row(Map<String, Object> row, Schema table) implements Decision {
        }

        record Reject(String code, String pointer, String expected, String actual, String message)
                implements Decision {
        }
    }

    private final DeliveryChannel.SchemaSource source;
    private final String partitionColumn;
    private final Map<UUID, Optional<DeliverySchema>> gsrSchemas = new HashMap<>();
    private DeliverySchema.Reading plain;
    /** GSR: the version the table was (or will be) created from; later versions are schema changes. */
    private UUID tableVersion;

    RecordDecoder(DeliveryChannel.SchemaSource source, String partitionColumn) {
        this.source = source;
        this.partitionColumn = partitionColumn;
    }

    /** Why a plain-JSON channel's schema cannot make a table (empty when it can, and for GSR). */
    List<String> unusableBecause() {
        return plainReading() instanceof DeliverySchema.Reading.Unusable u ? u.reasons() : List.of();
    }

    private DeliverySchema.Reading plainReading() {
        if (plain == null && source instanceof DeliveryChannel.SchemaSource.Plain p) {
            plain = DeliverySchema.read(p.definition(), partitionColumn);
        }
        return plain;
    }

    Decision decide(byte[] value) {
        if (source instanceof DeliveryChannel.SchemaSource.Plain) {
            return ((DeliverySchema.Reading.Usable) plainReading()).schema().decide(value);
        }
        DeliveryChannel.SchemaSource.Registry registry = (DeliveryChannel.SchemaSource.Registry) source;
        Optional<GsrEnvelope> envelope = GsrEnvelope.decode(value);
        if (envelope.isEmpty()) {
            return new Decision.Reject(DeliveryCode.GSR_ENVELOPE_INVALID.code(), "", "GSR envelope", "other",
                    "The record value does not start with a Glue Schema Registry header (version 3)");
        }
        UUID version = envelope.get().schemaVersionId();
        Optional<DeliverySchema> schema = gsrSchemas.computeIfAbsent(version, v -> registry.resolver()
                .definition(v).map(d -> DeliverySchema.read(d, partitionColumn))
                .filter(DeliverySchema.Reading.Usable.class::isInstance)
                .map(r -> ((DeliverySchema.Reading.Usable) r).schema()));
        if (schema.isEmpty()) {
            return new Decision.Reject(DeliveryCode.GSR_SCHEMA_NOT_FOUND.code(), "", "schema version", "unresolved",
                    "Schema version " + version + " does not resolve to a usable JSON schema");
        }
        if (tableVersion == null) {
            tableVersion = version;
        } else if (!tableVersion.equals(version)) {
            // ASSUMPTION: no schema evolution (reference §4); we dead-letter records of other versions
            return new Decision.Reject(DeliveryCode.GSR_SCHEMA_CHANGED.code(), "", "schema version " + tableVersion,
                    "schema version " + version, "The record uses another schema version than the table");
        }
        return schema.get().decide(envelope.get().payload());
    }
}
