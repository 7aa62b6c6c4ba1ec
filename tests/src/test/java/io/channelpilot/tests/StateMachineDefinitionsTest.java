package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.sfn.template.StateMachineResource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every state machine of the product is valid ASL (npm asl-validator), loads in the local runner, is fully substituted,
 * and every Task state handles every error a Lambda task can end with (issue 16 item 2).
 */
class StateMachineDefinitionsTest {

    private static final Pattern SUBSTITUTION = Pattern.compile("\\$\\{([A-Za-z0-9_]+)}");

    @Test
    void shouldPassAslValidatorForEveryDefinition() throws Exception {
        Path root = Repo.root();
        Process p = new ProcessBuilder("bash", root.resolve("build-tools/validate-asl.sh").toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as("asl-validator output:%n%s", output).isZero();
        try (Stream<Path> files = Files.list(root.resolve("statemachine"))) {
            long definitions = files.filter(f -> f.toString().endsWith(".asl.json")).count();
            assertThat(output.lines().filter(l -> l.contains("is valid")).count()).isEqualTo(definitions);
        }
    }

    @Test
    void shouldDefineEverySubstitutionTheDefinitionUses() throws IOException {
        SamTemplate template = SamTemplate.load(Repo.root().resolve("template.yaml"));
        List<StateMachineResource> machines = template.stateMachines();
        assertThat(machines).isNotEmpty();
        for (StateMachineResource sm : machines) {
            String raw = Files.readString(Repo.root().resolve(sm.definitionUri()));
            Set<String> used = new TreeSet<>();
            Matcher m = SUBSTITUTION.matcher(raw);
            while (m.find()) {
                used.add(m.group(1));
            }
            assertThat(sm.substitutions().keySet()).as(sm.logicalId()).containsAll(used);
            assertThat(sm.definition()).as(sm.logicalId() + " after substitution").doesNotContain("${");
        }
    }

    @Test
    void shouldLoadEveryDefinitionInTheLocalRunner() {
        SamTemplate template = SamTemplate.load(Repo.root().resolve("template.yaml"));
        for (StateMachineResource sm : template.stateMachines()) {
            assertThat(StateMachineDef.parse(sm.definition())).as(sm.logicalId()).isNotNull();
        }
    }

    /**
     * An input that breaks a task's contract ({@code InvalidTaskInput}) fails the same way on every attempt, so a Retry
     * that catches every error ({@code States.ALL}, {@code States.TaskFailed}) must first name it with MaxAttempts 0:
     * the first matching retrier applies, and 0 means never retried.
     */
    @Test
    void shouldNeverRetryAnInputContractErrorWhereARetryCatchesEveryError() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> broadRetries = new ArrayList<>();
        try (Stream<Path> files = Files.list(Repo.root().resolve("statemachine"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".asl.json")).toList()) {
                for (JsonNode retry : json.readTree(file.toFile()).findValues("Retry")) {
                    boolean contractErrorStopped = false;
                    for (JsonNode retrier : retry) {
                        List<String> errors = new ArrayList<>();
                        retrier.path("ErrorEquals").forEach(e -> errors.add(e.asText()));
                        if (errors.contains("io.channelpilot.workflow.InvalidTaskInput")
                                && retrier.path("MaxAttempts").asInt(3) == 0) {
                            contractErrorStopped = true;
                        }
                        if (errors.contains("States.ALL") || errors.contains("States.TaskFailed")) {
                            broadRetries.add(file.getFileName() + ": " + errors);
                            assertThat(contractErrorStopped).as("%s: a retrier before %s must stop InvalidTaskInput "
                                    + "(MaxAttempts 0)", file.getFileName(), errors).isTrue();
                        }
                    }
                }
            }
        }
        assertThat(broadRetries).as("the product has broad retries to guard").isNotEmpty();
    }

    /**
     * The errors a Lambda task can end with, as the Step Functions developer guide names them ("Handle Lambda service
     * exceptions", bp-lambda-serviceexception.html): transient service errors, to be retried — "ClientExecutionTimeoutException,
     * ServiceException, AWSLambdaException, or SdkClientException ... Lambda errors are reported as Lambda.&lt;ErrorName&gt;",
     * and "When Lambda hits the maximum number of invocations, the error is Lambda.TooManyRequestsException".
     */
    static final List<String> TRANSIENT_LAMBDA_ERRORS = List.of("Lambda.ClientExecutionTimeoutException", "Lambda.ServiceException",
            "Lambda.AWSLambdaException", "Lambda.SdkClientException", "Lambda.TooManyRequestsException");

    /**
     * What a dead or overrun execution environment ends with: "Unhandled errors in Lambda are reported as Lambda.Unknown
     * ... These include out-of-memory errors and function timeouts" (same page); what the service reports in practice for
     * a function timeout ({@code Sandbox.Timedout}), a runtime that exited ({@code Runtime.ExitError}), the sandbox over
     * its memory ({@code Runtime.OutOfMemory}) and the Java runtime's own report of heap exhaustion. Retrying them is
     * allowed but must stay short: a deterministic timeout burns a full Timeout per attempt.
     */
    static final List<String> ENVIRONMENT_ERRORS = List.of("Lambda.Unknown", "Sandbox.Timedout", "Runtime.ExitError",
            "Runtime.OutOfMemory", "java.lang.OutOfMemoryError");

    /** Init failures carry the exception's class as their name (the runtime client's init error document). */
    static final List<String> INIT_ERRORS = List.of("java.lang.ClassNotFoundException", "java.lang.IllegalArgumentException",
            "Lambda.SnapStartException");

    /**
     * Tasks whose failure is deliberately not turned into a failure of the execution, with the reason. NotifyRefusals:
     * refusal notices are best effort and must never block the intents of the same trigger; the error stays in the
     * execution output ({@code refusalNoticeFailure}) and the trigger is re-evaluated by the next sweep.
     */
    static final Set<String> BEST_EFFORT_TASKS = Set.of("NotifyRefusals");

    @Test
    void shouldRetryTransientLambdaErrorsAndCatchEveryLambdaErrorInEveryTaskState() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> gaps = new ArrayList<>();
        int tasks = 0;
        try (Stream<Path> files = Files.list(Repo.root().resolve("statemachine"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".asl.json")).sorted().toList()) {
                tasks += auditStates(file.getFileName().toString(), json.readTree(file.toFile()).path("States"), null, gaps);
            }
        }
        assertThat(tasks).as("Task states audited").isGreaterThanOrEqualTo(15);
        assertThat(gaps).as("Task states that leave a Lambda error unhandled").isEmpty();
    }

    /** Audits every Task state under {@code states}; {@code enclosingCatch}: the Catch of a Distributed Map around them. */
    private static int auditStates(String where, JsonNode states, JsonNode enclosingCatch, List<String> gaps) {
        int tasks = 0;
        for (var it = states.fields(); it.hasNext(); ) {
            var entry = it.next();
            String name = where + "/" + entry.getKey();
            JsonNode state = entry.getValue();
            switch (state.path("Type").asText()) {
                case "Task" -> {
                    tasks++;
                    auditTask(name, entry.getKey(), state, states, enclosingCatch, gaps);
                }
                case "Map" -> {
                    JsonNode processor = state.has("ItemProcessor") ? state.path("ItemProcessor") : state.path("Iterator");
                    boolean distributed = "DISTRIBUTED".equals(processor.path("ProcessorConfig").path("Mode").asText());
                    // A failed item of a Distributed Map is counted against the tolerated failures, then the Map's Catch
                    tasks += auditStates(name, processor.path("States"), distributed ? state.path("Catch") : null, gaps);
                }
                case "Parallel" -> {
                    for (JsonNode branch : state.path("Branches")) {
                        tasks += auditStates(name, branch.path("States"), null, gaps);
                    }
                }
                default -> {
                }
            }
        }
        return tasks;
    }

    private static void auditTask(String name, String key, JsonNode task, JsonNode siblings, JsonNode enclosingCatch, List<String> gaps) {
        for (String error : TRANSIENT_LAMBDA_ERRORS) {
            JsonNode retrier = firstMatching(task.path("Retry"), error);
            if (retrier == null) {
                gaps.add(name + ": no Retry for " + error);
                continue;
            }
            int attempts = retrier.path("MaxAttempts").asInt(3);
            double backoff = retrier.path("BackoffRate").asDouble(2.0);
            if (attempts < 1 || attempts > 10 || backoff <= 1.0 || retrier.path("IntervalSeconds").asInt(1) < 1) {
                gaps.add(name + ": " + error + " must be retried 1-10 times with backoff > 1, was " + retrier);
            }
        }
        for (String error : ENVIRONMENT_ERRORS) {
            JsonNode retrier = firstMatching(task.path("Retry"), error);
            if (retrier != null && retrier.path("MaxAttempts").asInt(3) > 3) {
                gaps.add(name + ": " + error + " retried more than 3 times: " + retrier);
            }
        }
        JsonNode catches = task.has("Catch") ? task.path("Catch") : enclosingCatch;
        List<String> all = new ArrayList<>(TRANSIENT_LAMBDA_ERRORS);
        all.addAll(ENVIRONMENT_ERRORS);
        all.addAll(INIT_ERRORS);
        for (String error : all) {
            JsonNode catcher = catches == null ? null : firstMatching(catches, error);
            if (catcher == null) {
                gaps.add(name + ": no Catch for " + error + " (the execution would fail uncoded)");
                continue;
            }
            if (catcher.has("ResultPath") && catcher.path("ResultPath").isNull()) {
                gaps.add(name + ": the Catch for " + error + " drops the error (ResultPath null)");
            }
            if (task.has("Catch") && !BEST_EFFORT_TASKS.contains(key)) {
                JsonNode next = siblings.path(catcher.path("Next").asText());
                boolean coded = next.path("Type").asText().equals("Fail") && next.path("Error").asText().startsWith("io.channelpilot.workflow.");
                if (!coded && !next.path("Type").asText().equals("Task")) {
                    gaps.add(name + ": the Catch for " + error + " goes to " + catcher.path("Next").asText()
                            + ", neither a coded Fail state nor a notifying/summarising Task");
                }
            }
        }
    }

    /** The first retrier or catcher whose ErrorEquals matches {@code error} under the ASL rules. */
    private static JsonNode firstMatching(JsonNode entries, String error) {
        for (JsonNode entry : entries) {
            for (JsonNode e : entry.path("ErrorEquals")) {
                String name = e.asText();
                // States.ALL and States.TaskFailed match every error of a Lambda task (none of them is States.Timeout)
                if (name.equals(error) || name.equals("States.ALL") || name.equals("States.TaskFailed")) {
                    return entry;
                }
            }
        }
        return null;
    }

    /**
     * Structure, per scope (the machine, each Map's processor, each Parallel branch): every transition (Next, Default,
     * Choices, Catch) names a state of that scope, every state is reachable from StartAt (asl-validator and the local
     * runner refuse an unreachable state too), every non-terminal state has a way on, and from every state an end
     * (Succeed, Fail, End) is reachable: no loop that can never finish, which neither of the others checks.
     */
    @Test
    void shouldReachEveryStateAndAnEndFromEveryStateInEveryScope() {
        SamTemplate template = SamTemplate.load(Repo.root().resolve("template.yaml"));
        List<String> problems = new ArrayList<>();
        int scopes = 0;
        for (StateMachineResource sm : template.stateMachines()) {
            List<JsonNode> pending = new ArrayList<>(List.of(readJson(sm.definition())));
            while (!pending.isEmpty()) {
                JsonNode scope = pending.remove(0);
                scopes++;
                problems.addAll(scopeProblems(sm.logicalId(), scope));
                scope.path("States").forEach(state -> {
                    state.path("Branches").forEach(pending::add);
                    for (String nested : List.of("ItemProcessor", "Iterator")) {
                        if (state.has(nested)) {
                            pending.add(state.get(nested));
                        }
                    }
                });
            }
        }
        assertThat(scopes).as("machines and their nested scopes").isGreaterThanOrEqualTo(4);
        assertThat(problems).isEmpty();
    }

    /**
     * Targets: each Task's {@code ${...}} resource is a DefinitionSubstitution that refers to a function of the template
     * (by its alias), the machine's Policies may invoke that function, no substitution is left unused, and the literal
     * discriminator a task sends (provision-channel's {@code action}, poll-channel's {@code mode}) is one its handler
     * knows, so a task wired to the wrong function fails here, not in the first execution.
     */
    @Test
    void shouldInvokeOnlyTemplateFunctionsTheMachineMayInvokeWithADiscriminatorTheyKnow() {
        SamTemplate template = SamTemplate.load(Repo.root().resolve("template.yaml"));
        Map<String, JsonNode> resources = template.resources();
        Map<String, Map.Entry<String, Set<String>>> discriminators = Map.of(
                "ProvisionChannelFunction", Map.entry("action", names(io.channelpilot.provision.ProvisionAction.values())),
                "PollChannelFunction", Map.entry("mode", names(io.channelpilot.poll.PollMode.values())));
        List<String> problems = new ArrayList<>();
        int tasks = 0;
        for (StateMachineResource sm : template.stateMachines()) {
            JsonNode props = resources.get(sm.logicalId()).path("Properties");
            JsonNode substitutions = props.path("DefinitionSubstitutions");
            Set<String> invocable = new TreeSet<>();
            props.path("Policies").forEach(p -> invocable.add(refOf(p.path("LambdaInvokePolicy").path("FunctionName"))));
            String raw;
            try {
                raw = Files.readString(Repo.root().resolve(sm.definitionUri()));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            substitutions.fieldNames().forEachRemaining(name -> {
                if (!raw.contains("${" + name + "}")) {
                    problems.add(sm.logicalId() + ": substitution " + name + " is used by no state");
                }
            });
            for (Map.Entry<String, JsonNode> named : tasks(readJson(raw).path("States"))) {
                JsonNode task = named.getValue();
                tasks++;
                Matcher m = SUBSTITUTION.matcher(task.path("Resource").asText());
                if (!m.matches()) {
                    continue; // a service integration ARN, not one of our functions
                }
                String function = refOf(substitutions.path(m.group(1))).replaceFirst("\\.Alias$", "");
                String where = sm.logicalId() + "/" + named.getKey() + " (" + m.group(1) + ")";
                if (!resources.getOrDefault(function, new ObjectMapper().createObjectNode()).path("Type").asText()
                        .equals("AWS::Serverless::Function")) {
                    problems.add(where + ": refers to '" + function + "', not a function of the template");
                    continue;
                }
                if (!invocable.contains(function)) {
                    problems.add(where + ": the machine's Policies do not allow invoking " + function);
                }
                Map.Entry<String, Set<String>> d = discriminators.get(function);
                if (d != null && !d.getValue().contains(task.path("Parameters").path(d.getKey()).asText())) {
                    problems.add(where + ": " + function + " needs " + d.getKey() + " in " + d.getValue() + ", the state sends "
                            + task.path("Parameters").path(d.getKey()));
                }
            }
        }
        assertThat(tasks).as("tasks checked").isGreaterThanOrEqualTo(15);
        assertThat(problems).isEmpty();
    }

    private static List<String> scopeProblems(String machine, JsonNode scope) {
        List<String> problems = new ArrayList<>();
        JsonNode states = scope.path("States");
        String start = scope.path("StartAt").asText();
        java.util.Map<String, List<String>> next = new java.util.LinkedHashMap<>();
        states.fields().forEachRemaining(e -> {
            JsonNode s = e.getValue();
            List<String> to = new ArrayList<>();
            for (JsonNode n : List.of(s.path("Next"), s.path("Default"))) {
                if (n.isTextual()) {
                    to.add(n.asText());
                }
            }
            s.path("Choices").forEach(c -> to.add(c.path("Next").asText()));
            s.path("Catch").forEach(c -> to.add(c.path("Next").asText()));
            next.put(e.getKey(), to);
            String type = s.path("Type").asText();
            boolean terminal = type.equals("Succeed") || type.equals("Fail") || s.path("End").asBoolean(false);
            if (!terminal && !type.equals("Choice") && !s.has("Next")) {
                problems.add(machine + "/" + e.getKey() + ": neither Next nor End");
            }
            to.stream().filter(t -> !states.has(t))
                    .forEach(t -> problems.add(machine + "/" + e.getKey() + ": goes to '" + t + "', not a state of its scope"));
        });
        if (!states.has(start)) {
            problems.add(machine + ": StartAt '" + start + "' is not a state of its scope");
            return problems;
        }
        Set<String> reached = reach(List.of(start), next);
        next.keySet().stream().filter(s -> !reached.contains(s))
                .forEach(s -> problems.add(machine + "/" + s + ": unreachable from " + start));
        for (String s : next.keySet()) {
            boolean endReachable = reach(List.of(s), next).stream().anyMatch(r -> {
                JsonNode st = states.path(r);
                String type = st.path("Type").asText();
                return type.equals("Succeed") || type.equals("Fail") || st.path("End").asBoolean(false);
            });
            if (!endReachable) {
                problems.add(machine + "/" + s + ": no end is reachable from it");
            }
        }
        return problems;
    }

    private static Set<String> reach(List<String> from, java.util.Map<String, List<String>> next) {
        Set<String> seen = new TreeSet<>();
        java.util.Deque<String> todo = new java.util.ArrayDeque<>(from);
        while (!todo.isEmpty()) {
            String s = todo.pop();
            if (seen.add(s)) {
                todo.addAll(next.getOrDefault(s, List.of()));
            }
        }
        return seen;
    }

    /** Every Task state by name, in {@code states} and every scope nested in it. */
    private static List<Map.Entry<String, JsonNode>> tasks(JsonNode states) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        states.fields().forEachRemaining(e -> {
            if (e.getValue().path("Type").asText().equals("Task")) {
                out.add(e);
            }
            e.getValue().path("Branches").forEach(b -> out.addAll(tasks(b.path("States"))));
            for (String nested : List.of("ItemProcessor", "Iterator")) {
                out.addAll(tasks(e.getValue().path(nested).path("States")));
            }
        });
        return out;
    }

    /** The logical id a {@code !Ref} (or {@code !GetAtt X.Arn}) names, else "". */
    private static String refOf(JsonNode node) {
        if (node.has("Ref")) {
            return node.get("Ref").asText();
        }
        if (node.has("Fn::GetAtt")) {
            JsonNode a = node.get("Fn::GetAtt");
            return a.isArray() ? a.path(0).asText() : a.asText().replaceFirst("\\..*", "");
        }
        return "";
    }

    private static Set<String> names(Enum<?>[] values) {
        Set<String> out = new TreeSet<>();
        for (Enum<?> v : values) {
            out.add(v.name());
        }
        return out;
    }

    private static JsonNode readJson(String raw) {
        try {
            return new ObjectMapper().readTree(raw);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
