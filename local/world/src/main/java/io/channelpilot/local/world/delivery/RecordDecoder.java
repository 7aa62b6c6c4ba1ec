package io.channelpilot.local.world.delivery;

import io.channelpilot.conformance.ConformanceResult;
import io.channelpilot.conformance.IcebergField;
import io.channelpilot.conformance.RecordConformer;
import io.channelpilot.conformance.SchemaAnalysis;
import io.channelpilot.conformance.SchemaAnalyzer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Applies the shared record-conformance rules to one record value, resolving the schema the channel's converter
 * names: the fixed definition ({@code JSON}) or the record's embedded schema version ({@code JSON_SCHEMA_GSR}).
 * Conformers are built once per schema version.
 */
final class RecordDecoder {

    /** The decision for one value; {@code fields} are the table columns of the schema that accepted it. */
    sealed interface Decision {
        record Row(Map<String, Object> row, List<IcebergField> fields) implements Decision {
        }

        record Reject(String code, String pointer, String expected, String actual, String message)
                implements Decision {
        }
    }

    private final DeliveryChannel.SchemaSource source;
    private final String partitionColumn;
    private final Map<UUID, Optional<RecordConformer>> gsrConformers = new HashMap<>();
    private RecordConformer plain;
    /** GSR: the version the table was (or will be) created from; later versions are schema changes. */
    private UUID tableVersion;

    RecordDecoder(DeliveryChannel.SchemaSource source, String partitionColumn) {
        this.source = source;
        this.partitionColumn = partitionColumn;
    }

    /** For plain JSON: the schema analysis (null for GSR, whose schemas arrive with records). */
    SchemaAnalysis plainAnalysis() {
        return source instanceof DeliveryChannel.SchemaSource.Plain p
                ? SchemaAnalyzer.analyze(p.definition(), partitionColumn) : null;
    }

    Decision decide(byte[] value) {
        if (source instanceof DeliveryChannel.SchemaSource.Plain p) {
            if (plain == null) {
                plain = RecordConformer.of(SchemaAnalyzer.analyze(p.definition(), partitionColumn));
            }
            return conform(plain, value);
        }
        DeliveryChannel.SchemaSource.Registry registry = (DeliveryChannel.SchemaSource.Registry) source;
        Optional<GsrEnvelope> envelope = GsrEnvelope.decode(value);
        if (envelope.isEmpty()) {
            return new Decision.Reject(DeliveryCode.GSR_ENVELOPE_INVALID.code(), "", "GSR envelope", "other",
                    "The record value does not start with a Glue Schema Registry header (version 3)");
        }
        UUID version = envelope.get().schemaVersionId();
        Optional<RecordConformer> conformer = gsrConformers.computeIfAbsent(version, v -> registry.resolver()
                .definition(v).map(d -> SchemaAnalyzer.analyze(d, partitionColumn))
                .filter(SchemaAnalysis::isUsable).map(RecordConformer::of));
        if (conformer.isEmpty()) {
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
        return conform(conformer.get(), envelope.get().payload());
    }

    private static Decision conform(RecordConformer conformer, byte[] json) {
        ConformanceResult r = conformer.conform(json);
        if (r instanceof ConformanceResult.Conformed c) {
            return new Decision.Row(c.row(), conformer.fields());
        }
        ConformanceResult.Rejected j = (ConformanceResult.Rejected) r;
        return new Decision.Reject(j.code().code(), j.pointer(), j.expected(), j.actual(), j.message());
    }
}
