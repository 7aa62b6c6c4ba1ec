package io.channelpilot.local.world.file;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reads world files strictly: unknown fields, duplicate keys, trailing content and wrong types are errors naming the
 * JSON path ({@code $.clusters[1].brokerType: ...}); then {@link WorldFileValidator} applies every rule. Schema
 * {@code definitionFile}s are read relative to the world file and inlined.
 */
public final class WorldFiles {

    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    static {
        // "Wrong types are errors": Jackson would otherwise read "account": 123456789012 as the string "123456789012"
        // and "partitions": "6" as 6.
        STRICT.coercionConfigFor(LogicalType.Textual).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail).setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        STRICT.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        STRICT.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        STRICT.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
    }

    /** The outcome of reading a world file: errors are values, not exceptions. */
    public sealed interface Result permits Valid, Invalid {
    }

    /** A world file that satisfies every rule; {@code baseDir} is where relative paths were resolved. */
    public record Valid(WorldFile file, Path baseDir) implements Result {
    }

    /** Every problem found, each with its JSON path. */
    public record Invalid(List<Problem> problems) implements Result {
        public Invalid {
            problems = List.copyOf(problems);
        }
    }

    /** Thrown by {@link #load(Path)} for callers (the CLI) that want to stop on a bad file. */
    public static final class InvalidWorldFileException extends RuntimeException {
        private final List<Problem> problems;

        InvalidWorldFileException(Path file, List<Problem> problems) {
            super("Invalid world file " + file + ":\n  " + String.join("\n  ",
                    problems.stream().map(Problem::toString).toList()), null, false, false);
            this.problems = problems;
        }

        public List<Problem> problems() {
            return problems;
        }
    }

    private WorldFiles() {
    }

    public static WorldFile load(Path file) {
        Result r = read(file);
        if (r instanceof Invalid invalid) {
            throw new InvalidWorldFileException(file, invalid.problems());
        }
        return ((Valid) r).file();
    }

    public static Result read(Path file) {
        try {
            return parse(Files.readString(file), file.toAbsolutePath().getParent());
        } catch (IOException e) {
            return new Invalid(List.of(new Problem("$", "cannot read " + file + ": " + e.getMessage())));
        }
    }

    public static Result parse(String json, Path baseDir) {
        WorldFile parsed;
        try {
            List<Problem> nulls = new ArrayList<>();
            nullEntries(STRICT.readTree(json), "$", nulls);
            if (!nulls.isEmpty()) {
                return new Invalid(nulls);
            }
            parsed = STRICT.readValue(json, WorldFile.class);
        } catch (UnrecognizedPropertyException e) {
            return new Invalid(List.of(new Problem(path(e.getPath()), "unknown field; allowed fields: "
                    + allowed(e.getKnownPropertyIds()))));
        } catch (MismatchedInputException e) {
            return new Invalid(List.of(new Problem(path(e.getPath()), "expected " + typeName(e.getTargetType()))));
        } catch (JsonParseException e) {
            return new Invalid(List.of(new Problem("$", "malformed JSON at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage())));
        } catch (JsonMappingException e) {
            return new Invalid(List.of(new Problem(path(e.getPath()), e.getOriginalMessage())));
        } catch (IOException e) {
            return new Invalid(List.of(new Problem("$", e.getMessage())));
        }
        if (parsed == null) {
            return new Invalid(List.of(new Problem("$", "must be a JSON object")));
        }
        List<Problem> problems = WorldFileValidator.validate(parsed, baseDir);
        if (!problems.isEmpty()) {
            return new Invalid(problems);
        }
        try {
            return new Valid(inlineDefinitions(parsed, baseDir), baseDir);
        } catch (IOException e) {
            return new Invalid(List.of(new Problem("$.schemaRegistries", "cannot read a definitionFile: "
                    + e.getMessage())));
        }
    }

    /**
     * {@code relative} resolved inside {@code folder} (symbolic links followed), or empty when it is absolute or leads
     * out of the folder: the one rule for every file a world or scenario names (issue 13).
     */
    public static java.util.Optional<Path> insideFolder(Path folder, String relative) {
        return WorldFileValidator.insideWorld(folder, relative);
    }

    private static WorldFile inlineDefinitions(WorldFile w, Path baseDir) throws IOException {
        List<WorldFile.Registry> registries = new ArrayList<>();
        for (WorldFile.Registry r : w.schemaRegistries()) {
            List<WorldFile.Schema> schemas = new ArrayList<>();
            for (WorldFile.Schema s : r.schemas() == null ? List.<WorldFile.Schema>of() : r.schemas()) {
                schemas.add(s.definitionFile() == null ? s : new WorldFile.Schema(s.name(), s.dataFormat(),
                        s.compatibility(), TextNode.valueOf(Files.readString(WorldFileValidator.insideWorld(baseDir, s.definitionFile())
                                .orElseThrow(() -> new IOException("definitionFile outside the world folder")))),
                        null));
            }
            registries.add(new WorldFile.Registry(r.name(), r.description(), schemas));
        }
        return new WorldFile(w.account(), w.region(), w.seed(), w.startTime(), w.emitEvents(), w.msk(), w.clusters(),
                registries, w.tableBuckets(), w.buckets(), w.logGroups(), w.roles(), w.quotas(), w.timings(),
                w.faults(), w.delivery(), w.schedules());
    }

    /** Lists hold objects or strings, never null: reported here with their path, before binding. */
    private static void nullEntries(JsonNode node, String path, List<Problem> out) {
        if (node == null) {
            return;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                if (node.get(i).isNull()) {
                    out.add(new Problem(path + "[" + i + "]", "must not be null"));
                } else {
                    nullEntries(node.get(i), path + "[" + i + "]", out);
                }
            }
        } else if (node.isObject()) {
            node.fields().forEachRemaining(e -> nullEntries(e.getValue(), path + "." + e.getKey(), out));
        }
    }

    static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder out = new StringBuilder("$");
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                out.append('.').append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                out.append('[').append(r.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private static String allowed(Collection<Object> known) {
        return String.join(", ", new TreeSet<>(known.stream().map(String::valueOf).toList()));
    }

    private static String typeName(Class<?> type) {
        if (type == null) {
            return "a different value";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return type == Double.class ? "a number" : "an integer";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Boolean.class) {
            return "true or false";
        }
        if (List.class.isAssignableFrom(type)) {
            return "an array";
        }
        return Map.class.isAssignableFrom(type) || type.isRecord() ? "an object" : type.getSimpleName();
    }
}
