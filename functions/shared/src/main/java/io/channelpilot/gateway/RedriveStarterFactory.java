package io.channelpilot.gateway;

import io.channelpilot.redrive.RedriveStart;
import io.channelpilot.redrive.RedriveStarter;
import io.channelpilot.redrive.RedriveService;
import io.channelpilot.redrive.ServiceRedriveStarter;
import io.channelpilot.redrive.RedriveTaskEvents;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * The redrive side's {@link RedriveStarter.Factory} (registered in META-INF/services): a {@link ServiceRedriveStarter}
 * over the status table ({@code CHANNEL_PILOT_STATUS_TABLE}) and the redrive-dlq state machine
 * ({@code CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN}). Without both variables it refuses with
 * {@link RedriveStarter#UNAVAILABLE}, so triage falls back to printing the manual command.
 */
public final class RedriveStarterFactory implements RedriveStarter.Factory {

    @Override
    public RedriveStarter create(Map<String, String> env) {
        return create(env, Clock.systemUTC());
    }

    @Override
    public RedriveStarter create(Map<String, String> env, Clock clock) {
        String table = env.getOrDefault("CHANNEL_PILOT_STATUS_TABLE", "");
        String machine = env.getOrDefault("CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN", "");
        if (table.isBlank() || machine.isBlank()) {
            return request -> new RedriveStart.Refused(RedriveStarter.UNAVAILABLE,
                    "CHANNEL_PILOT_STATUS_TABLE and CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN must both be set",
                    "Start the redrive manually with the command below.", Optional.empty());
        }
        AwsClients clients = AwsClients.from(env);
        StatusStore status = clients.statusStore(table, clock);
        return new ServiceRedriveStarter(new RedriveService(status,
                clients.redriveTaskStore(table, clock),
                clients.executions(machine), clock, RedriveService.ids(env, clock),
                new RedriveTaskEvents(clients.eventPublisher(), status)));
    }
}
