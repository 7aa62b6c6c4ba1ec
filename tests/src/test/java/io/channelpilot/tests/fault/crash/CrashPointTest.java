package io.channelpilot.tests.fault.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.tests.fault.crash.CrashWorld.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 16.1, crash points enumerated, not hand-picked (docs/developer-guide.md#crash-points). A clean provisioning run (a topic the
 * cluster's tag rule selects is created → provisioning state machine → ACTIVE channel) and a clean redrive run
 * ({@value CrashWorld#DEAD_LETTERS} dead-lettered records → {@code redrive start} → re-produced) record every
 * mutating call their functions make: each SDK call whose operation mutates ({@link CrashHook}) and each Kafka
 * produce ({@link CrashingConnector}). Each call is a case: the run is repeated with the function killed right after
 * that call took effect and before its answer is used ({@link Killed}: the Lambda service answers
 * {@code Runtime.ExitError} and discards the instance), then what AWS would do happens — the state's Retry/Catch, the
 * duplicate event, the scheduled sweep once the lease has expired, the operator starting a failed redrive again —
 * and the end state must be the clean run's: exactly one ACTIVE channel, three alarms, its log group, no lease held,
 * the same count of every resource kind (no orphan), and in redrive every record re-produced exactly once with the
 * task SUCCEEDED and its ledger all DONE. A new mutating call in the product is a new case without editing this class.
 */
class CrashPointTest {

    private static final int MAX_ATTEMPTS = 3;
    private static CrashWorld world;
    private static final Map<String, Outcome> CLEAN = new LinkedHashMap<>();

    static synchronized CrashWorld world() {
        if (world == null) {
            world = CrashWorld.start();
        }
        return world;
    }

    /** The points: every mutating call of one clean run of each scenario, in call order. */
    static Stream<Arguments> points() {
        List<Arguments> out = new ArrayList<>();
        Outcome provision = world().provision(null);
        Outcome redrive = world().redrive(null);
        CLEAN.put(CrashWorld.PROVISION, provision);
        CLEAN.put(CrashWorld.REDRIVE, redrive);
        for (Outcome clean : List.of(provision, redrive)) {
            assertThat(clean.problems()).as("the clean run converges").isEmpty();
            clean.calls().forEach(p -> out.add(Arguments.of(Named.of(p.toString(), p))));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("points")
    void shouldConvergeWhenTheFunctionIsKilledRightAfterTheCall(CrashPoint point) {
        Outcome clean = CLEAN.get(point.scenario());

        // redrive-batch claims what its read-ahead thread has decided so far, so how many claim transactions a batch
        // makes depends on timing: a run that never reached the point is repeated (on a fresh topic), at most 3 times
        Outcome crashed = null;
        int attempts = 0;
        while (attempts < MAX_ATTEMPTS && (crashed == null || !crashed.fired())) {
            attempts++;
            crashed = point.scenario().equals(CrashWorld.PROVISION) ? world().provision(point) : world().redrive(point);
        }

        System.out.printf("crash-point %s: attempts=%d backstops=%s calls=%d delta=%s%n", point, attempts,
                crashed.backstops(), crashed.calls().size(), crashed.delta().counts());
        assertThat(crashed.fired()).as("the function was killed at %s", point).isTrue();
        assertThat(crashed.problems()).as("converged after %s (backstops %s)", point, crashed.backstops()).isEmpty();
        assertThat(crashed.delta()).as("no orphan and nothing missing after %s", point).isEqualTo(clean.delta());
    }

    @AfterAll
    static void stop() {
        if (world != null) {
            world.close();
            world = null;
        }
    }
}
