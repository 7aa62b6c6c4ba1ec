package io.channelpilot.notification;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.plan.Intent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The provisioning Map item state as NotifyOutcome receives it ({@code statemachine/provision-channel.asl.json}):
 * {@code {intent, correlationId, validation?, provision?, poll?, replaced?, failure?}}. A component is null when its
 * step did not run. Readers are tolerant (unknown members ignored) because each step's output is owned by another
 * function; only what notifications need is kept — never a Lambda stack trace, never anything record-shaped.
 */
public record ItemState(Intent intent, String correlationId, Validation validation, StepResult provision, Poll poll,
                        StepResult replaced, Failure failure) {

    public ItemState {
        Objects.requireNonNull(intent, "intent");
        correlationId = correlationId == null ? "" : correlationId;
    }

    /** A ValidationReport reduced to its verdict and findings. */
    public record Validation(boolean passed, List<ValidationFinding> findings) {

        public Validation {
            findings = List.copyOf(findings);
        }

        /** Findings that block creation: severity ERROR with status FAIL (a missing status counts as FAIL). */
        public List<ValidationFinding> errors() {
            return findings.stream().filter(ValidationFinding::blocks).toList();
        }

        /** ERROR rules that could not be checked (status UNKNOWN): they keep an INCOMPLETE report from passing. */
        public List<ValidationFinding> unchecked() {
            return findings.stream().filter(f -> "ERROR".equals(f.severity()) && "UNKNOWN".equals(f.status())).toList();
        }
    }

    public record ValidationFinding(String code, String severity, String status, String message, String remediation,
                                    List<String> alternatives) {

        public ValidationFinding {
            code = text(code);
            severity = text(severity);
            status = text(status);
            message = text(message);
            remediation = text(remediation);
            alternatives = List.copyOf(alternatives);
        }

        public boolean blocks() {
            return "ERROR".equals(severity) && (status.isEmpty() || "FAIL".equals(status));
        }
    }

    /** Output of provision-channel (Provision, UpdateFreshness, Deprovision, DeleteReplaced). */
    public record StepResult(String action, String channelArn, String channelName, String clusterArn, boolean adopted,
                             String logGroup, List<String> alarms, List<String> grants, String clusterOperationArn) {

        public StepResult {
            action = text(action);
            channelArn = text(channelArn);
            channelName = text(channelName);
            clusterArn = text(clusterArn);
            logGroup = text(logGroup);
            alarms = List.copyOf(alarms);
            grants = List.copyOf(grants);
            clusterOperationArn = text(clusterOperationArn);
        }
    }

    /** Output of poll-channel. */
    public record Poll(String status, String channelArn, int reads, String stateCode, String stateMessage) {

        public Poll {
            status = text(status);
            channelArn = text(channelArn);
            stateCode = text(stateCode);
            stateMessage = text(stateMessage);
        }
    }

    /**
     * Step Functions' caught error {@code {Error, Cause}}; for a Lambda error the Cause is the JSON string
     * {@code {"errorMessage","errorType","stackTrace"}}, of which only the message is kept.
     */
    public record Failure(String error, String errorMessage) {

        public Failure {
            error = text(error);
            errorMessage = text(errorMessage);
        }

        /** The stable code our workflow errors put before the first ':' of their message, or "" when none. */
        public String code() {
            int colon = errorMessage.indexOf(':');
            int paren = errorMessage.indexOf('(');
            int end = colon < 0 ? paren : paren < 0 ? colon : Math.min(colon, paren);
            String head = end < 0 ? "" : errorMessage.substring(0, end);
            return head.matches("[A-Z][A-Z0-9_]{2,63}") ? head : "";
        }

        /** Simple class name of the error ("ChannelFailed" for io.channelpilot.workflow.ChannelFailed). */
        public String simpleName() {
            return error.substring(error.lastIndexOf('.') + 1);
        }
    }

    public static ItemState parse(JsonNode root, ObjectMapper mapper) {
        try {
            Intent intent = mapper.treeToValue(root.path("intent"), Intent.class);
            return new ItemState(intent, root.path("correlationId").asText(""), validation(root.get("validation")),
                    step(root.get("provision")), poll(root.get("poll")), step(root.get("replaced")),
                    failure(root.get("failure"), mapper));
        } catch (JsonProcessingException e) {
            // getOriginalMessage leaves out Jackson's source excerpt: input text never reaches logs or errors.
            throw new IllegalArgumentException("item state has no readable intent: " + e.getOriginalMessage(), e);
        }
    }

    private static Validation validation(JsonNode node) {
        if (absent(node)) {
            return null;
        }
        List<ValidationFinding> findings = new ArrayList<>();
        for (JsonNode f : node.path("findings")) {
            List<String> alternatives = new ArrayList<>();
            f.path("alternatives").forEach(a -> alternatives.add(a.isTextual() ? a.asText() : a.path("name").asText("")));
            if (f.hasNonNull("alternative")) {
                alternatives.add(f.get("alternative").asText());
            }
            findings.add(new ValidationFinding(f.path("code").asText(""), f.path("severity").asText(""),
                    f.path("status").asText(""), f.path("message").asText(""), f.path("remediation").asText(""),
                    alternatives));
        }
        boolean passed = node.has("passed") ? node.path("passed").asBoolean(false) : "PASS".equals(node.path("verdict").asText());
        return new Validation(passed, findings);
    }

    private static StepResult step(JsonNode node) {
        if (absent(node)) {
            return null;
        }
        List<String> alarms = new ArrayList<>();
        node.path("alarms").forEach(a -> alarms.add(a.isTextual() ? a.asText() : a.path("name").asText("")));
        List<String> grants = new ArrayList<>();
        node.path("grants").forEach(g -> grants.add(g.isTextual() ? g.asText()
                : g.path("principal").asText("") + " " + g.path("resource").asText("")));
        return new StepResult(node.path("action").asText(""), node.path("channelArn").asText(""),
                node.path("channelName").asText(""), node.path("clusterArn").asText(""), node.path("adopted").asBoolean(false),
                node.path("logGroup").asText(""), alarms, grants, node.path("clusterOperationArn").asText(""));
    }

    private static Poll poll(JsonNode node) {
        if (absent(node)) {
            return null;
        }
        JsonNode state = node.path("stateInfo");
        return new Poll(node.path("status").asText(""), node.path("channelArn").asText(""), node.path("reads").asInt(0),
                state.path("code").asText(""), state.path("message").asText(""));
    }

    private static Failure failure(JsonNode node, ObjectMapper mapper) {
        if (absent(node)) {
            return null;
        }
        String cause = node.path("Cause").asText("");
        String message = cause;
        try {
            JsonNode lambdaError = mapper.readTree(cause);
            if (lambdaError != null && lambdaError.isObject()) {
                message = lambdaError.path("errorMessage").asText("");
            }
        } catch (JsonProcessingException notJson) {
            // States.* errors carry a plain-text cause; keep it as the message.
        }
        return new Failure(node.path("Error").asText(""), message);
    }

    private static boolean absent(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode();
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
