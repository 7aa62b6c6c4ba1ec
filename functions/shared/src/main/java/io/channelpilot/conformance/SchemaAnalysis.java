package io.channelpilot.conformance;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Result of {@link SchemaAnalyzer#analyze}: the detected draft, the Iceberg schema a channel would create (the
 * columns that could be mapped; unmappable properties are absent and reported as problems) and every problem found.
 *
 * @param draft           detected draft, {@link SchemaDraft#UNSUPPORTED} when the schema is not readable or names
 *                        another draft
 * @param partitionColumn the configured partition column (may be null when none was configured)
 * @param fields          top-level columns in property order; nested fields carry their own ids
 * @param problems        all problems, in discovery order, without duplicates
 * @param options         the options the schema was analysed with; the conformer reuses them
 */
public record SchemaAnalysis(SchemaDraft draft, String partitionColumn, List<IcebergField> fields,
                             List<SchemaProblem> problems, ConformanceOptions options) {

    public SchemaAnalysis {
        Objects.requireNonNull(draft, "draft");
        fields = List.copyOf(fields);
        problems = List.copyOf(problems);
        Objects.requireNonNull(options, "options");
    }

    /** True when no ERROR-severity problem was found: a channel can be created and records conformed. */
    public boolean isUsable() {
        return draft != SchemaDraft.UNSUPPORTED && problems.stream().noneMatch(SchemaProblem::isError);
    }

    public List<SchemaProblem> errors() {
        return problems.stream().filter(SchemaProblem::isError).collect(Collectors.toUnmodifiableList());
    }

    public List<SchemaProblem> problemsWithCode(ConformanceCode code) {
        return problems.stream().filter(p -> p.code() == code).collect(Collectors.toUnmodifiableList());
    }

    public boolean hasProblem(ConformanceCode code) {
        return problems.stream().anyMatch(p -> p.code() == code);
    }

    /** The table's root struct. */
    public IcebergType.StructType schema() {
        return new IcebergType.StructType(fields);
    }

    /** The preview as Iceberg schema JSON (spec appendix C), e.g. for {@code SchemaParser.fromJson}. */
    public String icebergSchemaJson() {
        return IcebergSchemaJson.of(fields);
    }

    /** Iceberg's {@code Schema#toString} layout: {@code table {\n  1: id: required long\n}}. */
    public String renderPreview() {
        return fields.stream().map(f -> "  " + f.render()).collect(Collectors.joining("\n", "table {\n", "\n}"));
    }
}
