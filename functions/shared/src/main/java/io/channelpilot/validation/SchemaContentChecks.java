package io.channelpilot.validation;

import io.channelpilot.conformance.ConformanceCode;
import io.channelpilot.conformance.SchemaAnalysis;
import io.channelpilot.conformance.SchemaProblem;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Schema-content rules over the shared {@code conformance.SchemaAnalyzer} (the same code the local world and redrive
 * pre-validation use): draft and parse, partition column, nesting, type mapping, and the Iceberg schema preview.
 * ERROR-level problems give a FAIL finding; WARN-level ones a separate WARN finding under the same code.
 */
final class SchemaContentChecks {

    private static final Set<ConformanceCode> DEFINITION = Set.of(ConformanceCode.SCHEMA_NOT_JSON,
            ConformanceCode.SCHEMA_DRAFT_UNSUPPORTED, ConformanceCode.SCHEMA_DRAFT_ASSUMED, ConformanceCode.SCHEMA_INVALID,
            ConformanceCode.SCHEMA_NOT_OBJECT, ConformanceCode.SCHEMA_REF_UNRESOLVED, ConformanceCode.SCHEMA_REF_CYCLE);
    private static final Set<ConformanceCode> PARTITION = Set.of(ConformanceCode.PARTITION_COLUMN_MISSING,
            ConformanceCode.PARTITION_COLUMN_NOT_DATE_TIME);
    private static final Set<ConformanceCode> NESTING = Set.of(ConformanceCode.NESTING_TOO_DEEP);

    private SchemaContentChecks() {
    }

    static List<Check> all() {
        return List.of(
                group(RuleCode.SCHEMA_DEFINITION, DEFINITION, "The schema parses as JSON Schema %s."),
                group(RuleCode.PARTITION_COLUMN, PARTITION, "Partition column is a top-level string with format date-time (timestamptz)."),
                group(RuleCode.SCHEMA_NESTING, NESTING, "The schema nests at most 16 levels."),
                group(RuleCode.SCHEMA_TYPE_MAPPING, null, "Every property maps to an Iceberg type."),
                preview());
    }

    /** {@code codes == null} means "every schema-level code not claimed by another group" (the type-mapping rule). */
    static Check group(RuleCode rule, Set<ConformanceCode> codes, String passMessage) {
        return new Check() {
            @Override
            public RuleCode code() {
                return rule;
            }

            @Override
            public List<Finding> evaluate(ValidationContext ctx) {
                if (ctx.schemaAnalysis().isEmpty()) {
                    return List.of(noSchema(rule, ctx));
                }
                SchemaAnalysis analysis = ctx.schemaAnalysis().get();
                List<SchemaProblem> mine = analysis.problems().stream().filter(p -> belongs(p.code(), codes)).toList();
                List<Finding> out = new ArrayList<>();
                List<SchemaProblem> errors = mine.stream().filter(SchemaProblem::isError).toList();
                List<SchemaProblem> warnings = mine.stream().filter(p -> p.severity() == ConformanceCode.Severity.WARN).toList();
                List<SchemaProblem> notes = mine.stream().filter(p -> p.severity() == ConformanceCode.Severity.INFO).toList();
                if (errors.isEmpty()) {
                    String pass = String.format(passMessage, analysis.draft().name().toLowerCase(java.util.Locale.ROOT).replace("_0", "-0"));
                    out.add(rule.pass(notes.isEmpty() ? pass : pass + " Note: " + describe(notes)));
                } else {
                    out.add(rule.fail(describe(errors), remediations(errors)));
                }
                if (!warnings.isEmpty()) {
                    out.add(new Finding(rule, Severity.WARN, Status.FAIL, describe(warnings), remediations(warnings), List.of()));
                }
                return out;
            }
        };
    }

    static Check preview() {
        return Check.of(RuleCode.SCHEMA_PREVIEW, ctx -> ctx.schemaAnalysis()
                .map(a -> a.isUsable()
                        ? RuleCode.SCHEMA_PREVIEW.pass("Table " + ctx.spec().namespace() + "." + ctx.spec().table()
                                + " would be created as: " + a.renderPreview() + " partitioned by hour(" + ctx.spec().partitionColumn() + ")")
                        : RuleCode.SCHEMA_PREVIEW.fail("No table preview: the schema has errors; columns that do map: " + a.renderPreview(),
                                "Fix the SCHEMA_* and PARTITION_COLUMN findings; the preview follows."))
                .orElseGet(() -> noSchema(RuleCode.SCHEMA_PREVIEW, ctx)));
    }

    private static boolean belongs(ConformanceCode code, Set<ConformanceCode> codes) {
        if (code.level() == ConformanceCode.Level.RECORD) {
            return false;
        }
        if (codes != null) {
            return codes.contains(code);
        }
        return !DEFINITION.contains(code) && !PARTITION.contains(code) && !NESTING.contains(code);
    }

    private static Finding noSchema(RuleCode rule, ValidationContext ctx) {
        return rule.unknown("Cannot analyse the schema: no readable JSON Schema text for " + ctx.spec().schema()
                        + " (see SCHEMA_EXISTS and SCHEMA_DATA_FORMAT).",
                "Make the Glue schema " + ctx.spec().schema() + " readable (exists, AVAILABLE, glue:GetSchemaVersion allowed), then validate again.");
    }

    private static String describe(List<SchemaProblem> problems) {
        return problems.stream()
                .map(p -> p.code().code() + (p.pointer().isEmpty() ? "" : " at " + p.pointer()) + ": " + p.message())
                .collect(Collectors.joining("; ")) + ".";
    }

    private static String remediations(List<SchemaProblem> problems) {
        return String.join(" ", problems.stream().map(SchemaProblem::remediation).collect(Collectors.toCollection(LinkedHashSet::new)));
    }
}
