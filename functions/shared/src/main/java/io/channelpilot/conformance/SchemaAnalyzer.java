package io.channelpilot.conformance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Schema-level analysis: what Iceberg table a channel would create from a registered JSON Schema, or every reason it
 * cannot (reference §4, DESIGN §6). Runs all checks and collects all problems: draft, meta-schema validity, root
 * shape, type mapping of every property ({@code $ref}s resolved, cycles detected), nesting depth, column names and
 * the partition column. Deterministic and free of AWS types; shared by the validation engine and redrive
 * pre-validation (the local world maps schemas on its own, to be compared with this).
 */
public final class SchemaAnalyzer {

    private static final ObjectReader READER = new ObjectMapper()
            .reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private SchemaAnalyzer() {
    }

    public static SchemaAnalysis analyze(String schemaJson, String partitionColumn) {
        return analyze(schemaJson, partitionColumn, ConformanceOptions.defaults());
    }

    public static SchemaAnalysis analyze(String schemaJson, String partitionColumn, ConformanceOptions options) {
        List<SchemaProblem> problems = new ArrayList<>();
        JsonNode root = parse(schemaJson, problems);
        if (root == null) {
            return result(SchemaDraft.UNSUPPORTED, partitionColumn, List.of(), problems, options);
        }
        if (!root.isObject()) {
            problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_NOT_OBJECT, "",
                    "The schema document is a JSON " + JsonTypes.nameOf(root) + ", not a JSON Schema object"));
            return result(SchemaDraft.UNSUPPORTED, partitionColumn, List.of(), problems, options);
        }
        SchemaDraft draft = detectDraft(root, options, problems);
        MetaSchemaCheck.check(root, draft, problems);
        List<IcebergField> fields = new SchemaMapper(root, options, problems).mapRoot(root);
        if (fields == null) {
            return result(draft, partitionColumn, List.of(), problems, options);
        }
        fields = PartitionColumnCheck.apply(root, fields, partitionColumn, problems);
        return result(draft, partitionColumn, fields, problems, options);
    }

    private static JsonNode parse(String schemaJson, List<SchemaProblem> problems) {
        if (schemaJson == null || schemaJson.isBlank()) {
            problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_NOT_JSON, "", "The schema definition is empty"));
            return null;
        }
        try {
            return READER.readTree(schemaJson);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_NOT_JSON, "",
                    "The schema definition is not valid JSON" + where + ": " + e.getOriginalMessage()));
            return null;
        }
    }

    private static SchemaDraft detectDraft(JsonNode root, ConformanceOptions options, List<SchemaProblem> problems) {
        JsonNode declared = root.get("$schema");
        if (declared == null) {
            problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_DRAFT_ASSUMED, "",
                    "No \"$schema\" declared; analysed as " + options.defaultDraft().uri() + "# (assumption)"));
            return options.defaultDraft();
        }
        Optional<SchemaDraft> draft = declared.isTextual() ? SchemaDraft.fromSchemaUri(declared.textValue()) : Optional.empty();
        if (draft.isEmpty()) {
            problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_DRAFT_UNSUPPORTED, "/$schema",
                    "\"$schema\": " + declared + " is not draft-04 or draft-07, the drafts streaming tables accept"));
            return SchemaDraft.UNSUPPORTED;
        }
        return draft.get();
    }

    private static SchemaAnalysis result(SchemaDraft draft, String partitionColumn, List<IcebergField> fields,
                                         List<SchemaProblem> problems, ConformanceOptions options) {
        // Identical findings collapse; a definition used by two columns is still reported per column (messages differ).
        return new SchemaAnalysis(draft, partitionColumn, fields, List.copyOf(new LinkedHashSet<>(problems)), options);
    }
}
