package io.channelpilot.local.world.eventbridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.cloudwatch.SdkTestClients;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResponse;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResultEntry;
import software.amazon.awssdk.services.eventbridge.model.ResourceAlreadyExistsException;
import software.amazon.awssdk.services.eventbridge.model.ResourceNotFoundException;

/** EventBridge PutEvents and event buses through the real EventBridgeClient. */
class EventBridgeEmulatorTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private final List<JsonNode> sink = new CopyOnWriteArrayList<>();
    private EmulatorServer server;
    private EventBridgeEmulator emulator;
    private EventBridgeClient events;

    @BeforeEach
    void start() throws Exception {
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        emulator = new EventBridgeEmulator(VirtualClock.startingAt(T0), sink::add, "123456789012", "us-east-1");
        server.register(emulator);
        events = SdkTestClients.client(EventBridgeClient.builder(), server);
    }

    @AfterEach
    void stop() {
        events.close();
        server.close();
    }

    @Test
    void shouldForwardAcceptedEntriesAsEnvelopesToTheWorld() {
        PutEventsResponse res = events.putEvents(r -> r.entries(
                e -> e.source("channel-pilot").detailType("Channel Status Change").detail("{\"channel\":\"orders\"}")
                        .resources("arn:aws:kafka:us-east-1:123456789012:channel/c1"),
                e -> e.source("channel-pilot").detailType("Sweep").detail("{}").time(Instant.parse("2026-02-01T00:00:05.700Z"))));

        assertThat(res.failedEntryCount()).isZero();
        assertThat(res.entries()).extracting(PutEventsResultEntry::eventId).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(sink).hasSize(2);
        JsonNode first = sink.get(0);
        assertThat(first.get("version").asText()).isEqualTo("0");
        assertThat(first.get("id").asText()).isEqualTo(res.entries().get(0).eventId());
        assertThat(first.get("detail-type").asText()).isEqualTo("Channel Status Change");
        assertThat(first.get("source").asText()).isEqualTo("channel-pilot");
        assertThat(first.get("account").asText()).isEqualTo("123456789012");
        assertThat(first.get("region").asText()).isEqualTo("us-east-1");
        assertThat(first.get("time").asText()).isEqualTo("2026-03-01T10:00:00Z");
        assertThat(first.get("resources").get(0).asText()).isEqualTo("arn:aws:kafka:us-east-1:123456789012:channel/c1");
        assertThat(first.at("/detail/channel").asText()).isEqualTo("orders");
        assertThat(sink.get(1).get("time").asText()).isEqualTo("2026-02-01T00:00:05Z");
        assertThat(emulator.received()).extracting(ReceivedEvent::eventBusName, ReceivedEvent::detailType)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("default", "Channel Status Change"),
                        org.assertj.core.groups.Tuple.tuple("default", "Sweep"));
    }

    @Test
    void shouldReportPerEntryErrorsWithoutRejectingTheBatch() {
        PutEventsResponse res = events.putEvents(r -> r.entries(
                e -> e.source("channel-pilot").detailType("ok").detail("{}"),
                e -> e.source("channel-pilot").detailType("bad").detail("not json"),
                e -> e.detailType("no source").detail("{}"),
                e -> e.source("aws.cloudwatch").detailType("spoof").detail("{}"),
                e -> e.source("channel-pilot").detailType("x").detail("{}").eventBusName("missing-bus")));

        assertThat(res.failedEntryCount()).isEqualTo(4);
        assertThat(res.entries()).extracting(PutEventsResultEntry::errorCode).containsExactly(null, "MalformedDetail",
                "InvalidArgument", "NotAuthorizedForSourceException", "ResourceNotFoundException");
        assertThat(res.entries().get(2).errorMessage()).isEqualTo(
                "Parameter Source is not valid. Reason: Source is a required argument.");
        assertThat(res.entries().get(0).eventId()).isNotBlank();
        assertThat(sink).hasSize(1);
    }

    @Test
    void shouldRejectTooManyEntries() {
        assertThatThrownBy(() -> events.putEvents(r -> r.entries(java.util.Collections.nCopies(11,
                software.amazon.awssdk.services.eventbridge.model.PutEventsRequestEntry.builder()
                        .source("s").detailType("d").detail("{}").build()))))
                .isInstanceOfSatisfying(AwsServiceException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
        assertThat(sink).isEmpty();
    }

    @Test
    void shouldCreateDescribeAndListBusesAndAcceptEventsByArn() {
        String arn = events.createEventBus(r -> r.name("pilot")).eventBusArn();
        assertThat(arn).isEqualTo("arn:aws:events:us-east-1:123456789012:event-bus/pilot");
        assertThatThrownBy(() -> events.createEventBus(r -> r.name("pilot")))
                .isInstanceOf(ResourceAlreadyExistsException.class);
        assertThat(events.describeEventBus(r -> r.name("pilot")).arn()).isEqualTo(arn);
        assertThatThrownBy(() -> events.describeEventBus(r -> r.name("nope"))).isInstanceOf(ResourceNotFoundException.class);
        assertThat(events.listEventBuses(r -> r.namePrefix("p")).eventBuses()).extracting(b -> b.name())
                .containsExactly("pilot");

        events.putEvents(r -> r.entries(e -> e.source("s").detailType("d").detail("{}").eventBusName(arn)));
        assertThat(emulator.received().get(0).eventBusName()).isEqualTo("pilot");
    }
}
