package io.channelpilot.poll;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.events.PublishingStatusStore;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.TimeSource;
import io.channelpilot.workflow.WorkflowJson;

/**
 * The composition root of poll-channel: the poller over MSK and the status table ({@link #from}) or over the ports a
 * test passes (the record's constructor), and the workflow's JSON mapper.
 */
record PollWiring(ChannelPoller poller, ObjectMapper mapper) {

    /** The Lambda runtime's and the local world's wiring: the function environment's variables and clock. */
    static PollWiring from(FunctionEnvironment fn) {
        return from(PollConfig.from(fn.variables()), AwsClients.from(fn.variables()), fn.time());
    }

    /** The local world passes its VirtualClock as both the clock and the sleeper of {@code time}. */
    static PollWiring from(PollConfig config, AwsClients clients, TimeSource time) {
        ChannelPoller poller = new ChannelPoller(clients.channels(),
                new PublishingStatusStore(clients.statusStore(config.statusTable(), time.clock()),
                        clients.eventPublisher()), time.sleeper(), time.clock(), config.confirmDelay());
        return new PollWiring(poller, WorkflowJson.mapper());
    }
}
