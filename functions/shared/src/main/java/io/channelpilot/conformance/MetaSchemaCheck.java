package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.List;

/**
 * Validates a schema document against its draft's meta-schema with networknt (which ships the draft-04/07
 * meta-schemas on its classpath, so nothing is fetched). The compiled meta-schemas are built once per JVM and are
 * safe to share between threads.
 */
final class MetaSchemaCheck {

    /** Enough to show the user what is wrong without flooding a notification. */
    static final int MAX_REPORTED = 20;

    private MetaSchemaCheck() {
    }

    private static final class Draft04 {
        static final Schema META = load(SpecificationVersion.DRAFT_4);
    }

    private static final class Draft07 {
        static final Schema META = load(SpecificationVersion.DRAFT_7);
    }

    private static Schema load(SpecificationVersion version) {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(version);
        return registry.getSchema(SchemaLocation.of(version.getDialectId()));
    }

    static void check(JsonNode schema, SchemaDraft draft, List<SchemaProblem> problems) {
        Schema meta = switch (draft) {
            case DRAFT_04 -> Draft04.META;
            case DRAFT_07 -> Draft07.META;
            case UNSUPPORTED -> null;
        };
        if (meta == null) {
            return;
        }
        List<Error> errors = meta.validate(schema);
        int reported = 0;
        for (Error error : errors) {
            if (reported++ == MAX_REPORTED) {
                problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_INVALID, "",
                        (errors.size() - MAX_REPORTED) + " more meta-schema violations not listed"));
                break;
            }
            String pointer = error.getInstanceLocation().toString();
            problems.add(SchemaProblem.of(ConformanceCode.SCHEMA_INVALID, toPointer(pointer),
                    "Not a valid " + draft.name().toLowerCase().replace('_', '-') + " schema: " + error.getMessage()));
        }
    }

    /** networknt renders instance locations as {@code $.properties.a} or a JSON pointer depending on config. */
    static String toPointer(String location) {
        return location;
    }
}
