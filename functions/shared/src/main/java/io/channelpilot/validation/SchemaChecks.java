package io.channelpilot.validation;

import io.channelpilot.gateway.Facts;
import java.util.List;
import io.channelpilot.model.Alternative;

/**
 * Glue Schema Registry rules. The schema-content rules (draft, partition column, nesting, type mapping, preview) are
 * in {@link SchemaContentChecks}, on top of the shared conformance analysis.
 */
final class SchemaChecks {

    private SchemaChecks() {
    }

    static List<Check> all() {
        List<Check> out = new java.util.ArrayList<>(List.of(exists(), dataFormat()));
        out.addAll(SchemaContentChecks.all());
        return out;
    }

    static Check exists() {
        return Check.of(RuleCode.SCHEMA_EXISTS, ctx -> ctx.schema().fold(found -> {
            String name = ctx.spec().schema().toString();
            if (found.isEmpty()) {
                return RuleCode.SCHEMA_EXISTS.fail("Glue schema " + name + " (" + ctx.spec().schemaArn() + ") does not exist.",
                        "Register the JSON Schema in Glue Schema Registry as " + name + " (data format JSON), or fix schema= in the tag.");
            }
            Facts.Schema s = found.get();
            if (s.status() != null && !"AVAILABLE".equals(s.status())) {
                return RuleCode.SCHEMA_EXISTS.fail("Glue schema " + name + " is " + s.status() + ", not AVAILABLE.",
                        "Wait until the schema is AVAILABLE, or re-register it, then validate again.");
            }
            if (s.definition() == null || s.definition().isBlank()) {
                return RuleCode.SCHEMA_EXISTS.fail("Glue schema " + name + " has no readable latest version.",
                        "Register a schema version with the JSON Schema text.");
            }
            return RuleCode.SCHEMA_EXISTS.pass("Glue schema " + name + " version " + s.latestVersion() + " is AVAILABLE.");
        }, RuleCode.SCHEMA_EXISTS::unknown));
    }

    static Check dataFormat() {
        return Check.of(RuleCode.SCHEMA_DATA_FORMAT, ctx -> ctx.schema().fold(found -> found
                        .map(s -> s.isJson()
                                ? RuleCode.SCHEMA_DATA_FORMAT.pass("Schema data format is JSON; converter " + ctx.spec().format().valueConverter() + ".")
                                : RuleCode.SCHEMA_DATA_FORMAT.fail("Schema " + ctx.spec().schema() + " has data format " + s.dataFormat()
                                                + "; streaming tables read JSON or JSON_SCHEMA_GSR only.",
                                        "Use Managed Service for Apache Flink to deliver " + s.dataFormat() + " records to Iceberg, "
                                                + "or produce JSON with a JSON Schema registered in Glue.",
                                        Alternative.MANAGED_SERVICE_FOR_APACHE_FLINK))
                        .orElseGet(() -> RuleCode.SCHEMA_DATA_FORMAT.unknown("Cannot check the data format: the schema does not exist (see SCHEMA_EXISTS).",
                                "Register the schema, then validate again.")),
                RuleCode.SCHEMA_DATA_FORMAT::unknown));
    }
}
