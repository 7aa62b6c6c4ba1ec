package io.channelpilot.redrive;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Port through which triage (respond-to-alarm, {@code redrive=auto}) starts a redrive task. Implemented by the redrive
 * side (DynamoDB task record with the one-active-task-per-channel lock + StartExecution of redrive-dlq). Refusals are
 * values; implementations throw only for infrastructure failures ({@link io.channelpilot.workflow.AwsThrottled} etc.).
 *
 * <p>Wiring: a handler built from its environment finds the implementation through {@link ServiceLoader} — the redrive
 * side registers its {@link Factory} in {@code META-INF/services/io.channelpilot.redrive.RedriveStarter$Factory}. With no
 * implementation on the classpath, {@link #fromEnvironment} returns a starter that refuses with
 * {@code REDRIVE_UNAVAILABLE}, so triage falls back to printing the manual command.
 */
@FunctionalInterface
public interface RedriveStarter {

    String UNAVAILABLE = "REDRIVE_UNAVAILABLE";

    RedriveStart startRedrive(RedriveRequest request);

    /** Builds a starter from a function environment (env vars such as the task table and state machine ARN). */
    interface Factory {
        RedriveStarter create(Map<String, String> env);

        /**
         * As {@link #create(Map)}, on the calling function's clock: in the local world that is the virtual clock, so
         * the task's id and timestamps agree with the rest of the world (the redrive side's own handlers use it too).
         */
        default RedriveStarter create(Map<String, String> env, Clock clock) {
            return create(env);
        }
    }

    static RedriveStarter fromEnvironment(Map<String, String> env) {
        return fromEnvironment(env, Clock.systemUTC());
    }

    static RedriveStarter fromEnvironment(Map<String, String> env, Clock clock) {
        Optional<Factory> factory = ServiceLoader.load(Factory.class).findFirst();
        return factory.map(f -> f.create(env, clock)).orElse(request -> new RedriveStart.Refused(UNAVAILABLE,
                "no redrive implementation is deployed with this function",
                "Start the redrive manually with the command below.", Optional.empty()));
    }
}
