package io.channelpilot.workflow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.Home;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads task inputs into records with errors as values turned into {@link InvalidTaskInput}: the JSON path of the bad
 * field, what was expected, and never the value itself (Jackson's messages quote input, which may be a payload).
 */
public final class TaskInputs {

    private TaskInputs() {
    }

    /**
     * The raw task input as a tree; bytes that are not JSON are {@code INPUT_NOT_OBJECT} at {@code $}. Jackson's message
     * is not passed on: it can quote the input (which may be a record payload).
     */
    public static JsonNode readJson(ObjectMapper mapper, InputStream input, String remediation) {
        try {
            return mapper.readTree(input);
        } catch (IOException e) {
            throw new InvalidTaskInput(InvalidTaskInput.Code.INPUT_NOT_OBJECT, "$", "is not JSON", remediation);
        }
    }

    /** The input must be an object; {@code null} (no input) counts as not an object. */
    public static JsonNode object(JsonNode node, String field, String remediation) {
        if (node == null || !node.isObject()) {
            throw new InvalidTaskInput(InvalidTaskInput.Code.INPUT_NOT_OBJECT, field, "is " + kind(node)
                    + ", not a JSON object", remediation);
        }
        return node;
    }

    /** A required text field: missing/null/blank → INPUT_FIELD_MISSING, another JSON type → INPUT_FIELD_INVALID. */
    public static String text(JsonNode parent, String name, String path, String remediation) {
        JsonNode v = parent.path(name);
        if (v.isMissingNode() || v.isNull() || (v.isTextual() && v.asText().isBlank())) {
            throw missing(path, remediation);
        }
        if (!v.isTextual()) {
            throw invalid(path, "is " + kind(v) + ", expected a string", remediation);
        }
        return v.asText().trim();
    }

    /** An enum field given by name (exact, upper case as the contract writes it). */
    public static <E extends Enum<E>> E enumValue(JsonNode parent, String name, String path, Class<E> type) {
        String names = Arrays.toString(type.getEnumConstants());
        String text = text(parent, name, path, "Set " + path + " to one of " + names + ".");
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(text)) {
                return e;
            }
        }
        throw invalid(path, "is not one of " + names, "Set " + path + " to one of " + names + ".");
    }

    /** Binds an object field to a record; a missing object is INPUT_FIELD_MISSING. */
    public static <T> T bind(ObjectMapper mapper, JsonNode parent, String name, String path, Class<T> type, String remediation) {
        JsonNode node = parent.path(name);
        if (node.isMissingNode() || node.isNull()) {
            throw missing(path, remediation);
        }
        object(node, path, remediation);
        try {
            return mapper.treeToValue(node, type);
        } catch (ValueInstantiationException e) {
            // A record's compact constructor refused the value; its message names the field, not the input.
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String at = path(path, e.getPath());
            // Objects.requireNonNull(x, "name") names the component; any other NPE text is not a field name.
            if (cause instanceof NullPointerException && cause.getMessage() != null
                    && cause.getMessage().matches("[A-Za-z][A-Za-z0-9]*")) {
                throw missing(at + "." + cause.getMessage(), remediation);
            }
            if (cause instanceof NullPointerException) {
                throw invalid(at, "is incomplete", remediation);
            }
            throw invalid(at, cause.getMessage(), remediation);
        } catch (InvalidFormatException e) {
            throw invalid(path(path, e.getPath()), "is not a valid " + target(e.getTargetType(), "value"), remediation);
        } catch (MismatchedInputException e) {
            throw invalid(path(path, e.getPath()), "has the wrong JSON type, expected " + target(e.getTargetType(), "another type"),
                    remediation);
        } catch (JsonMappingException e) {
            throw invalid(path(path, e.getPath()), "does not match the contract", remediation);
        } catch (JsonProcessingException e) {
            throw invalid(path, "is not valid JSON", remediation);
        }
    }

    /** Refuses a cluster ARN outside the stack's partition, Region or account (when the stack knows them). */
    public static void home(Home home, String clusterArn, String path, String remediation) {
        if (!ClusterArn.isValid(clusterArn)) {
            throw invalid(path, "is not an MSK cluster ARN (arn:aws:kafka:<region>:<account>:cluster/<name>/<uuid>)", remediation);
        }
        Optional<String> foreign = home.mismatch(ClusterArn.parse(clusterArn));
        if (foreign.isPresent()) {
            throw new InvalidTaskInput(InvalidTaskInput.Code.INPUT_ARN_FOREIGN, path, foreign.get(), remediation);
        }
    }

    public static InvalidTaskInput missing(String path, String remediation) {
        return new InvalidTaskInput(InvalidTaskInput.Code.INPUT_FIELD_MISSING, path, "is missing or empty", remediation);
    }

    public static InvalidTaskInput invalid(String path, String message, String remediation) {
        return new InvalidTaskInput(InvalidTaskInput.Code.INPUT_FIELD_INVALID, path, message, remediation);
    }

    static String path(String base, List<JsonMappingException.Reference> refs) {
        StringBuilder out = new StringBuilder(base);
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                out.append('.').append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                out.append('[').append(r.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private static String target(Class<?> type, String fallback) {
        if (type == null) {
            return fallback;
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        if (List.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        return "an object (" + type.getSimpleName() + ")";
    }

    static String kind(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "missing";
        }
        return switch (node.getNodeType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> "not JSON";
        };
    }
}
