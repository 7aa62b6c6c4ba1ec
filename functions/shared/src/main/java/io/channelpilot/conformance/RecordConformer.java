package io.channelpilot.conformance;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.channelpilot.conformance.ConformanceResult.Conformed;
import io.channelpilot.conformance.ConformanceResult.Rejected;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Decides, for one Kafka record value, whether a channel writes it as an Iceberg row or dead-letters it (reference
 * §4 type mapping and §5 DLQ causes). Built once per schema: the Iceberg schema is compiled into a tree of
 * converters, so conforming a record is one parse plus one walk over the schema's fields with no per-record
 * reflection, regex or formatter construction. Immutable and thread-safe.
 *
 * <p>Used by redrive pre-validation and the validation engine, so that both decide alike. The local world's delivery
 * simulation judges records independently; docs/conformance.md "Product vs world" lists where the two differ.
 */
public final class RecordConformer {

    private final NestedConverters.StructConverter root;
    private final List<IcebergField> fields;
    private final int maxNestingDepth;
    private final ObjectMapper mapper;

    private RecordConformer(List<IcebergField> fields, SchemaDraft draft, int maxNestingDepth) {
        this.fields = List.copyOf(fields);
        this.root = NestedConverters.struct(this.fields, draft);
        this.maxNestingDepth = maxNestingDepth;
        JsonFactory factory = JsonFactory.builder()
                // the parser enforces the documented depth limit while reading, before any tree is built
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(maxNestingDepth).build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                // error messages must never echo record content
                .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .build();
        this.mapper = JsonMapper.builder(factory).enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    }

    /** @throws IllegalArgumentException when the analysis has ERROR problems (no table could be created) */
    public static RecordConformer of(SchemaAnalysis analysis) {
        Objects.requireNonNull(analysis, "analysis");
        if (!analysis.isUsable()) {
            throw new IllegalArgumentException("schema is not usable: " + analysis.errors().stream()
                    .map(p -> p.code().code() + " at '" + p.pointer() + "'").toList());
        }
        return new RecordConformer(analysis.fields(), analysis.draft(), analysis.options().maxNestingDepth());
    }

    /** The table columns records are conformed to. */
    public List<IcebergField> fields() {
        return fields;
    }

    /** Conforms a raw Kafka record value (UTF-8 JSON). */
    public ConformanceResult conform(byte[] jsonValue) {
        if (jsonValue == null || jsonValue.length == 0) {
            return malformed("Record value is empty");
        }
        JsonParser parser = null;
        try {
            parser = mapper.createParser(jsonValue);
            JsonNode node = mapper.readTree(parser);
            if (node == null || node.isMissingNode()) {
                return malformed("Record value holds no JSON document");
            }
            if (parser.nextToken() != null) {
                return malformed("Record value has data after the JSON document" + at(parser.currentLocation()));
            }
            return conformParsed(node);
        } catch (StreamConstraintsException e) {
            if (parser != null && parser.getParsingContext().getNestingDepth() > maxNestingDepth) {
                return tooDeep(parser.getParsingContext().pathAsPointer().toString());
            }
            return malformed("Record value exceeds the JSON parser's size limits" + at(e.getLocation()));
        } catch (JsonProcessingException e) {
            // Only the location is reported. Jackson's message can quote record content (an unrecognized token), and
            // so can the parser's path: in a broken document a value can be read as a key ("a": {"<value>" ...).
            boolean duplicate = e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("Duplicate field");
            return malformed((duplicate ? "Record value has a duplicate key" : "Record value is not valid JSON")
                    + at(e.getLocation()));
        } catch (IOException e) {
            return malformed("Record value could not be read as JSON");
        } finally {
            closeQuietly(parser);
        }
    }

    /** Conforms an already parsed record (e.g. from a redrive repair step); applies the same depth rule. */
    public ConformanceResult conform(JsonNode record) {
        if (record == null || record.isMissingNode()) {
            return malformed("Record value holds no JSON document");
        }
        String deep = NestingProbe.firstBeyond(record, maxNestingDepth);
        if (deep != null) {
            return tooDeep(deep);
        }
        return conformParsed(record);
    }

    private ConformanceResult conformParsed(JsonNode node) {
        if (!node.isObject()) {
            return new Rejected(ConformanceCode.NOT_AN_OBJECT, "", "object", JsonTypes.nameOf(node),
                    "Record value is a JSON " + JsonTypes.nameOf(node) + ", not an object");
        }
        try {
            return new Conformed(root.row(node));
        } catch (Rejection r) {
            String pointer = r.pointer();
            return new Rejected(r.code, pointer, r.expected, r.actual, message(r, pointer));
        }
    }

    private static String message(Rejection r, String pointer) {
        switch (r.code) {
            case MISSING_REQUIRED_FIELD:
                return "Required field " + pointer + " (" + r.expected + ") is " + r.actual;
            case TYPE_MISMATCH:
                return "Field " + pointer + " must be " + r.expected + " but is " + r.actual;
            default:
                return "Field " + pointer + ": the " + r.actual + " " + r.detail + " (column type " + r.expected + ")";
        }
    }

    private Rejected tooDeep(String pointer) {
        return new Rejected(ConformanceCode.NESTING_TOO_DEEP, pointer, "at most " + maxNestingDepth + " levels",
                "deeper", "Record nests objects/arrays deeper than " + maxNestingDepth + " levels at " + pointer);
    }

    private static Rejected malformed(String message) {
        return new Rejected(ConformanceCode.MALFORMED_JSON, "", "JSON object", "malformed", message);
    }

    private static String at(JsonLocation location) {
        return location == null ? "" : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    private static void closeQuietly(JsonParser parser) {
        if (parser != null) {
            try {
                parser.close();
            } catch (IOException ignored) {
                // byte-array source: nothing to release
            }
        }
    }
}
