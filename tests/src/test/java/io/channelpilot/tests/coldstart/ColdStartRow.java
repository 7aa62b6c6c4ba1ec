package io.channelpilot.tests.coldstart;

import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/** One function's runs and its baseline's, summarised as medians and min–max spreads. */
record ColdStartRow(String module, long zipBytes, int jars, List<ColdStartRun> function, List<ColdStartRun> baseline) {

    static long median(List<ColdStartRun> runs, ToLongFunction<ColdStartRun> metric) {
        long[] v = runs.stream().mapToLong(metric).sorted().toArray();
        return v.length == 0 ? -1 : v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    static String spread(List<ColdStartRun> runs, ToLongFunction<ColdStartRun> metric) {
        long min = runs.stream().mapToLong(metric).min().orElse(-1);
        long max = runs.stream().mapToLong(metric).max().orElse(-1);
        return min + "–" + max;
    }

    double ratio() {
        return (double) median(function, ColdStartRun::totalMs) / median(baseline, ColdStartRun::totalMs);
    }

    static String markdown(List<ColdStartRow> rows, int runs) {
        StringBuilder b = new StringBuilder();
        b.append("Cold start, ").append(runs).append(" fresh JVMs per side (").append(System.getProperty("java.vm.name")).append(' ')
                .append(System.getProperty("java.version")).append(", ").append(Runtime.getRuntime().availableProcessors())
                .append(" CPUs). Times in ms: JVM start → first response; median (min–max).\n\n");
        b.append("| function | zip MB (jars) | function | baseline | ratio | fn init | fn first invoke | classes fn / baseline | first invoke outcome | priming |\n");
        b.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (ColdStartRow r : rows) {
            b.append(String.format(Locale.ROOT, "| %s | %.1f (%d) | %d (%s) | %d (%s) | %.2f× | %d | %d | %d / %d | %s | %s |%n",
                    r.module(), r.zipBytes() / 1_048_576.0, r.jars(),
                    median(r.function(), ColdStartRun::totalMs), spread(r.function(), ColdStartRun::totalMs),
                    median(r.baseline(), ColdStartRun::totalMs), spread(r.baseline(), ColdStartRun::totalMs), r.ratio(),
                    median(r.function(), ColdStartRun::initMs), median(r.function(), ColdStartRun::invokeMs),
                    median(r.function(), ColdStartRun::classes), median(r.baseline(), ColdStartRun::classes),
                    r.function().get(0).outcome().replace("|", "/"), r.function().get(0).primed()));
        }
        return b.toString();
    }
}
