package io.channelpilot.redrive.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.conformance.ConformanceResult;
import io.channelpilot.conformance.RecordConformer;
import io.channelpilot.conformance.SchemaAnalysis;
import io.channelpilot.conformance.SchemaAnalyzer;
import io.channelpilot.model.RepairRule;
import io.channelpilot.redrive.RepairApplier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import io.channelpilot.redrive.batch.gateway.SourceRecord;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;

/**
 * Per-record decision (DESIGN §7): loop guard first (a record whose redrive count reached the limit is POISON), then
 * the repair rules, then pre-validation with the shared {@link RecordConformer} — the same code the local world's
 * delivery uses — so a record that would be dead-lettered again is parked with the conformance code instead of being
 * re-produced.
 */
final class RecordDecider {

    /** Park reason of the loop guard. */
    static final String POISON = "POISON";

    sealed interface Decision permits Produce, Park {
    }

    record Produce(byte[] value) implements Decision {
    }

    record Park(String reason, boolean poison) implements Decision {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final RecordConformer conformer;
    private final List<RepairRule> repairs;
    private final int loopLimit;

    RecordDecider(RecordConformer conformer, List<RepairRule> repairs, int loopLimit) {
        this.conformer = conformer;
        this.repairs = List.copyOf(repairs);
        this.loopLimit = loopLimit;
    }

    /** @throws IllegalStateException when the schema cannot conform records (the task cannot run) */
    static RecordDecider of(String schemaDefinition, String partitionColumn, List<RepairRule> repairs, int loopLimit) {
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(schemaDefinition, partitionColumn);
        if (!analysis.isUsable()) {
            throw new IllegalStateException("the channel schema is not usable for pre-validation: "
                    + analysis.errors().stream().map(p -> p.code().code()).toList());
        }
        return new RecordDecider(RecordConformer.of(analysis), repairs, loopLimit);
    }

    Decision decide(SourceRecord record) {
        if (RedriveHeaders.count(record) >= loopLimit) {
            return new Park(POISON, true);
        }
        byte[] value = record.value();
        if (!repairs.isEmpty()) {
            ObjectNode parsed = parseObject(value);
            if (parsed != null) {
                value = write(RepairApplier.apply(repairs, parsed));
            }
        }
        ConformanceResult result = conformer.conform(value);
        if (result instanceof ConformanceResult.Rejected rejected) {
            return new Park(rejected.code().code(), false);
        }
        return new Produce(value);
    }

    private static ObjectNode parseObject(byte[] value) {
        if (value == null) {
            return null;
        }
        try {
            JsonNode node = MAPPER.readTree(value);
            return node instanceof ObjectNode o ? o : null;
        } catch (IOException notJson) {
            return null; // the conformer reports MALFORMED_JSON without echoing the value
        }
    }

    private static byte[] write(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
