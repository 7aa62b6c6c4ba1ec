package io.channelpilot.tests.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.tests.Repo;
import io.channelpilot.tests.coldstart.ColdStartWorld.ColdStartFunction;
import io.channelpilot.tests.coldstart.child.ColdStartChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Cold start of every function from its deployment zip (issue 8 item 1), never in the default build:
 * {@code mvn -B -pl tests -am verify -Pbenchmarks -Dtest=ColdStartBenchmark -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dcoldstart.runs=N}, default 5). One local world (demo.json) serves the AWS APIs on loopback; for each
 * function, N times in turn, a fresh {@code java} runs {@link ColdStartChild} on the function's unzipped zip (root
 * classes + lib/*) plus the harness classes: once as the function's handler with its sample event, once as the bare
 * baseline handler of the same services. Both see the function's environment from template.yaml and the world. The
 * table (median, spread, ratio, classes, zip size) goes to tests/target/benchmarks/cold-start.md; docs/BENCHMARKS.md
 * records a run. Asserts only what must hold whatever the machine's load: every first invoke ran from the zip alone
 * (no linkage error), answered, and the priming its constructor registered primed every step.
 */
class ColdStartBenchmark {

    @Test
    void shouldStartEveryFunctionFromItsZipAndCompareWithTheBareSdkBaseline() throws Exception {
        int runs = Integer.getInteger("coldstart.runs", 5);
        List<ColdStartRow> rows = new ArrayList<>();
        Map<String, String> extras = new LinkedHashMap<>();
        try (ColdStartWorld world = ColdStartWorld.start(Repo.root().resolve("tests/target/coldstart"))) {
            for (String module : ColdStartWorld.EVENTS.keySet()) {
                ColdStartFunction fn = world.prepare(module);
                List<ColdStartRun> function = new ArrayList<>();
                List<ColdStartRun> baseline = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    // interleaved, so both sides of the ratio see the same load on this shared machine
                    baseline.add(fn.baseline(List.of()));
                    function.add(fn.function(List.of()));
                }
                // one more pair with class-load logging (not in the figures): what the function loads beyond the baseline
                Path fnLog = world.work().resolve("logs").resolve(module + "-function-classes.log");
                Path baseLog = world.work().resolve("logs").resolve(module + "-baseline-classes.log");
                fn.baseline(List.of(ClassLoadBreakdown.option(baseLog)));
                fn.function(List.of(ClassLoadBreakdown.option(fnLog)));
                extras.put(module, ClassLoadBreakdown.extra(ClassLoadBreakdown.groups(fnLog), ClassLoadBreakdown.groups(baseLog), 6));
                rows.add(new ColdStartRow(module, fn.zipBytes(), fn.jars().size(), function, baseline));
            }
        }
        StringBuilder breakdown = new StringBuilder("\nClasses the function loads beyond its baseline, by library (one extra run each"
                + " with -Xlog:class+load):\n\n| function | largest extra groups |\n|---|---|\n");
        extras.forEach((module, text) -> breakdown.append("| ").append(module).append(" | ").append(text).append(" |\n"));
        String table = ColdStartRow.markdown(rows, runs) + breakdown;
        System.out.println(table);
        Path out = Repo.root().resolve("tests/target/benchmarks");
        Files.createDirectories(out);
        Files.writeString(out.resolve("cold-start.md"), table);

        for (ColdStartRow row : rows) {
            for (ColdStartRun run : row.function()) {
                run.assertAnsweredFromItsZip(row.module());
            }
            for (ColdStartRun run : row.baseline()) {
                assertThat(run.outcome()).as(row.module() + " baseline").isEqualTo("ok");
            }
        }
    }
}
