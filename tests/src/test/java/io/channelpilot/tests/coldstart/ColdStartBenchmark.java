package io.channelpilot.tests.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.lambda.FunctionDeployment;
import io.channelpilot.local.lambda.InitType;
import io.channelpilot.local.lambda.RuntimeLambdaService;
import io.channelpilot.tests.Repo;
import io.channelpilot.tests.coldstart.child.BaselineHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Cold start of every function through the local world's runtime mode (issue 12 item 5; never in the default build):
 * {@code mvn -B -pl tests -am verify -Pbenchmarks -Dtest=ColdStartBenchmark -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dcoldstart.runs=N}, default 5). Each run is a fresh JVM started the way the java21 managed runtime starts
 * one (RuntimeLayout: heap from MemorySize, serial GC, the template's JAVA_TOOL_OPTIONS, the real runtime interface
 * client loading the handler from the unzipped deployment zip), talking to the Runtime API emulator; the AWS APIs are
 * the demo world's on loopback. Per function and run, interleaved so both sides see the same load:
 * <ul>
 *   <li><b>on demand</b>: init (JVM spawn → the runtime's first {@code /next}: class loading, static init, the handler's
 *   constructor) and the first invoke (its sample event, rewritten to the demo world, with a fresh event id);</li>
 *   <li><b>SnapStart</b>: init and the runtime's {@code beforeCheckpoint} hooks (Powertools' class preloading, the
 *   function's priming) run ahead, up to the snapshot point; measured is what a restored version pays: restore
 *   ({@code afterRestore}, the runtime's next {@code /next}) plus the first invoke. There is no microVM snapshot here:
 *   the restored JVM is the one that primed, so this is a floor for Lambda's restore, which also pages the snapshot
 *   back in;</li>
 *   <li>the same for the bare-SDK baseline (BaselineHandler → Baselines: the same SDK clients on one
 *   UrlConnectionHttpClient and one equivalent call), deployed from the function's own zip plus the harness package.</li>
 * </ul>
 * Asserts only what holds whatever the load: every run answered (a result, or one of the function's own coded
 * {@code io.channelpilot.workflow} errors), baseline runs answered. Table: tests/target/benchmarks/cold-start.md.
 */
class ColdStartBenchmark {

    private static final ObjectMapper JSON = new ObjectMapper();

    record Run(long initMs, long invokeMs, String outcome) {
        long totalMs() {
            return initMs + invokeMs;
        }
    }

    record Row(String module, double zipMb, int jars, List<Run> fnOnDemand, List<Run> baseOnDemand, List<Run> fnSnap,
               List<Run> baseSnap) {
    }

    @Test
    void shouldStartEveryFunctionThroughTheRealRuntimeAndCompareWithTheBareSdkBaseline() throws Exception {
        int runs = Integer.getInteger("coldstart.runs", 5);
        List<Row> rows = new ArrayList<>();
        Map<String, String> extras = new LinkedHashMap<>();
        Path work = Repo.root().resolve("tests/target/coldstart");
        try (ColdStartWorld world = ColdStartWorld.start(work)) {
            RuntimeLambdaService lambda = world.world().runtimeLambda().orElseThrow();
            for (String module : ColdStartWorld.EVENTS.keySet()) {
                String fn = world.function(module).logicalId();
                FunctionDeployment d = lambda.deployments().get(fn);
                String baseline = "Baseline" + fn;
                Map<String, String> env = new LinkedHashMap<>(d.environment());
                env.put("COLDSTART_BASELINE", module);
                // the bare handler reads the standard override itself (the functions read it through FunctionEnvironment)
                env.put("AWS_ENDPOINT_URL", d.environment().get(io.channelpilot.runtime.FunctionEnvironment.ENDPOINT_URL));
                env.put("COLDSTART_CLUSTER_ARN", world.clusterArn());
                lambda.register(new FunctionDeployment(baseline, BaselineHandler.class.getName() + "::handleRequest",
                        baselineZip(d.zip(), work.resolve("baseline-zips").resolve(module + ".zip")), d.memoryMb(),
                        d.timeoutSeconds(), InitType.ON_DEMAND, env));
                String event = world.event(module, ColdStartWorld.EVENTS.get(module));
                List<Run> fnOd = new ArrayList<>();
                List<Run> baseOd = new ArrayList<>();
                List<Run> fnSs = new ArrayList<>();
                List<Run> baseSs = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    baseOd.add(cold(lambda, baseline, event, InitType.ON_DEMAND));
                    fnOd.add(cold(lambda, fn, event, InitType.ON_DEMAND));
                    baseSs.add(cold(lambda, baseline, event, InitType.SNAP_START));
                    fnSs.add(cold(lambda, fn, event, InitType.SNAP_START));
                }
                // one more on-demand pair with class-load logging (not in the figures): what the function loads beyond the baseline
                Path fnLog = work.resolve("logs").resolve(module + "-function-classes.log");
                Path baseLog = work.resolve("logs").resolve(module + "-baseline-classes.log");
                Files.createDirectories(fnLog.getParent());
                lambda.faults().jvmOptions(baseline, List.of(ClassLoadBreakdown.option(baseLog)));
                lambda.faults().jvmOptions(fn, List.of(ClassLoadBreakdown.option(fnLog)));
                cold(lambda, baseline, event, InitType.ON_DEMAND);
                cold(lambda, fn, event, InitType.ON_DEMAND);
                lambda.faults().jvmOptions(baseline, List.of());
                lambda.faults().jvmOptions(fn, List.of());
                extras.put(module, ClassLoadBreakdown.extra(ClassLoadBreakdown.groups(fnLog), ClassLoadBreakdown.groups(baseLog), 6));
                rows.add(new Row(module, Files.size(d.zip()) / 1_048_576.0, ColdStartFiles.libJars(d.zip()).size(), fnOd, baseOd, fnSs, baseSs));
            }
        }
        String table = markdown(rows, runs) + "\nClasses the function loads beyond its baseline, by library (one extra on-demand"
                + " run each with -Xlog:class+load):\n\n| function | largest extra groups |\n|---|---|\n"
                + extras.entrySet().stream().map(e -> "| " + e.getKey() + " | " + e.getValue() + " |\n").reduce("", String::concat);
        System.out.println(table);
        Path out = Repo.root().resolve("tests/target/benchmarks");
        Files.createDirectories(out);
        Files.writeString(out.resolve("cold-start.md"), table);
        for (Row r : rows) {
            for (Run run : Stream.of(r.fnOnDemand(), r.fnSnap()).flatMap(List::stream).toList()) {
                assertThat(run.outcome()).as(r.module() + " answered from its zip under the runtime")
                        .matches("ok|io\\.channelpilot\\.workflow\\.[A-Za-z]+(?s).*");
            }
            for (Run run : Stream.of(r.baseOnDemand(), r.baseSnap()).flatMap(List::stream).toList()) {
                assertThat(run.outcome()).as(r.module() + " baseline").isEqualTo("ok");
            }
        }
    }

    /** One fresh instance: on demand, its init and first invoke; SnapStart, primed to the snapshot, then restore + invoke. */
    private static Run cold(RuntimeLambdaService lambda, String name, String event, InitType init) throws IOException {
        lambda.initType(init); // stops every instance: the next one is fresh
        if (init == InitType.SNAP_START) {
            assertThat(lambda.prewarm(name, Duration.ofMinutes(2))).as(name + " reached its SnapStart snapshot point").isTrue();
        }
        JsonNode payload = JSON.readTree(event);
        if (payload instanceof ObjectNode o && o.has("id")) {
            o.put("id", UUID.randomUUID().toString()); // a new event each run: no duplicate-claim shortcut
        }
        RuntimeLambdaService.Traced t = lambda.invokeTraced(name, payload);
        String outcome = t.failure() == null ? "ok" : t.failure().error().name() + ": " + t.failure().error().cause();
        return new Run(t.initMs(), t.invokeMs(), outcome);
    }

    /** The function's zip plus the harness package (BaselineHandler, Baselines): the same jars, another handler. */
    private static Path baselineZip(Path zip, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        Path harness;
        try {
            harness = Path.of(BaselineHandler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        String pkg = BaselineHandler.class.getPackageName().replace('.', '/');
        try (ZipFile in = new ZipFile(zip.toFile()); OutputStream os = Files.newOutputStream(target); ZipOutputStream out = new ZipOutputStream(os)) {
            for (Enumeration<? extends ZipEntry> e = in.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                out.putNextEntry(new ZipEntry(entry.getName()));
                if (!entry.isDirectory()) {
                    in.getInputStream(entry).transferTo(out);
                }
                out.closeEntry();
            }
            try (Stream<Path> files = Files.list(harness.resolve(pkg))) {
                for (Path f : files.toList()) {
                    out.putNextEntry(new ZipEntry(pkg + "/" + f.getFileName()));
                    Files.copy(f, out);
                    out.closeEntry();
                }
            }
        }
        return target;
    }

    static long median(List<Run> runs, ToLongFunction<Run> metric) {
        long[] v = runs.stream().mapToLong(metric).sorted().toArray();
        return v.length == 0 ? -1 : v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    static String spread(List<Run> runs, ToLongFunction<Run> metric) {
        return runs.stream().mapToLong(metric).min().orElse(-1) + "–" + runs.stream().mapToLong(metric).max().orElse(-1);
    }

    private static String cell(List<Run> runs, ToLongFunction<Run> metric) {
        return median(runs, metric) + " (" + spread(runs, metric) + ")";
    }

    static String markdown(List<Row> rows, int runs) {
        StringBuilder b = new StringBuilder();
        b.append("Cold start through the real Lambda runtime client (runtime mode), ").append(runs).append(" fresh JVMs per side and init type (")
                .append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.version")).append(", ")
                .append(Runtime.getRuntime().availableProcessors()).append(" CPUs). Times in ms, median (min–max). On demand: init = JVM spawn →"
                        + " runtime's first /next; first invoke = the invocation; total = both. SnapStart: restore (afterRestore → /next) +"
                        + " first invoke, after init and priming ran before the snapshot.\n\n");
        b.append("| function | zip MB (jars) | on demand: init | first invoke | total | baseline total | ratio | SnapStart: restore + first invoke | baseline | ratio |\n");
        b.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            double odRatio = (double) median(r.fnOnDemand(), Run::totalMs) / median(r.baseOnDemand(), Run::totalMs);
            double ssRatio = (double) median(r.fnSnap(), Run::totalMs) / median(r.baseSnap(), Run::totalMs);
            b.append(String.format(Locale.ROOT, "| %s | %.1f (%d) | %s | %s | %s | %s | %.2f× | %s | %s | %.2f× |%n", r.module(), r.zipMb(), r.jars(),
                    cell(r.fnOnDemand(), Run::initMs), cell(r.fnOnDemand(), Run::invokeMs), cell(r.fnOnDemand(), Run::totalMs),
                    cell(r.baseOnDemand(), Run::totalMs), odRatio, cell(r.fnSnap(), Run::totalMs), cell(r.baseSnap(), Run::totalMs), ssRatio));
        }
        return b.toString();
    }
}
