package io.channelpilot.local.world.file;

import java.util.List;

/** Rules for {@code timings} and {@code faults}. */
final class TimingChecks {

    private TimingChecks() {
    }

    static void timings(Checks c, String p, WorldFile.Timings t) {
        c.duration(p + ".channelCreating", t.channelCreating());
        c.duration(p + ".channelUpdating", t.channelUpdating());
        c.duration(p + ".channelDeleting", t.channelDeleting());
        List<WorldFile.TimingOverride> overrides = t.overrides() == null ? List.of() : t.overrides();
        for (int i = 0; i < overrides.size(); i++) {
            String op = p + ".overrides[" + i + "]";
            WorldFile.TimingOverride o = overrides.get(i);
            c.duration(op + ".creating", o.creating());
            c.duration(op + ".updating", o.updating());
            c.duration(op + ".deleting", o.deleting());
            if (o.fail() != null) {
                c.required(op + ".fail.code", o.fail().code());
                c.required(op + ".fail.message", o.fail().message());
            }
            if (Boolean.TRUE.equals(o.stuckCreating()) && o.fail() != null) {
                c.fail(op, "stuckCreating and fail exclude each other");
            }
        }
    }

    static void fault(Checks c, String p, WorldFile.Fault f) {
        c.required(p + ".match", f.match());
        c.rate(p + ".throttleRate", f.throttleRate());
        c.rate(p + ".serverErrorRate", f.serverErrorRate());
        double sum = (f.throttleRate() == null ? 0 : f.throttleRate())
                + (f.serverErrorRate() == null ? 0 : f.serverErrorRate());
        if (sum > 1) {
            c.fail(p, "throttleRate + serverErrorRate must not exceed 1, was " + sum);
        }
        c.duration(p + ".latency", f.latency());
        List<WorldFile.ScriptedFailure> scripted = f.scripted() == null ? List.of() : f.scripted();
        for (int i = 0; i < scripted.size(); i++) {
            String sp = p + ".scripted[" + i + "]";
            WorldFile.ScriptedFailure s = scripted.get(i);
            if (c.required(sp + ".fromCall", s.fromCall())) {
                c.atLeast(sp + ".fromCall", s.fromCall(), 1);
            }
            c.atLeast(sp + ".times", s.times(), 1);
            if (c.required(sp + ".status", s.status()) && (s.status() < 400 || s.status() > 599)) {
                c.fail(sp + ".status", "must be an HTTP error status 400-599, was " + s.status());
            }
            c.required(sp + ".code", s.code());
        }
    }
}
