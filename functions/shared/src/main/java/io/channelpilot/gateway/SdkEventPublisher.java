package io.channelpilot.gateway;

import io.channelpilot.events.ChannelPilotEvents;
import io.channelpilot.events.EventPublisher;
import java.util.List;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResponse;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResultEntry;

/**
 * {@link EventPublisher} over EventBridge PutEvents: one entry, source {@value ChannelPilotEvents#SOURCE}, on the bus of
 * {@code CHANNEL_PILOT_EVENT_BUS} (the account's default bus unless set). PutEvents answers 200 with per-entry errors,
 * so a failed entry is thrown as an error here, never dropped.
 */
final class SdkEventPublisher implements EventPublisher {

    private final EventBridgeClient events;
    private final String bus;

    public SdkEventPublisher(EventBridgeClient events, String bus) {
        this.events = events;
        this.bus = bus;
    }

    @Override
    public String put(String detailType, String detail, List<String> resources) {
        PutEventsResponse response = AwsErrors.call("events", "PutEvents", "events:PutEvents on the event bus " + bus,
                () -> events.putEvents(r -> r.entries(e -> e.eventBusName(bus).source(ChannelPilotEvents.SOURCE)
                        .detailType(detailType).detail(detail).resources(resources))));
        PutEventsResultEntry entry = response.entries().isEmpty() ? null : response.entries().get(0);
        if (response.failedEntryCount() != null && response.failedEntryCount() > 0 || entry == null || entry.eventId() == null) {
            throw new IllegalStateException("PutEvents refused the " + detailType + " event: "
                    + (entry == null ? "no entry result" : entry.errorCode() + " " + entry.errorMessage()));
        }
        return entry.eventId();
    }
}
