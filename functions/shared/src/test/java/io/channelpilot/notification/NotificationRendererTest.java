package io.channelpilot.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotificationRendererTest {

    private final ObjectMapper mapper = new ObjectMapper();
    private final NotificationRenderer renderer = NotificationRenderer.create();

    private Notification triage(String title) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("Failed records", "42");
        facts.put("Top cause", "MISSING_REQUIRED_FIELD at /customer/id (40)");
        facts.put("Sample offsets", "p0:1200, p0:1201, p2:88");
        return new Notification(NotificationKind.DLQ_TRIAGE, NotificationSeverity.WARNING, title, "orders-express",
                "orders.v1", "orders-v1-sales-orders-1a2b3c4d", "sales-team", "42 records went to the DLQ.", facts,
                List.of(NextAction.run("Redrive after fixing producers",
                        "channel-pilot redrive start --channel orders-v1-sales-orders-1a2b3c4d --dry-run")),
                "docs/runbook.md#dlq", "exec-123");
    }

    @Test
    void shouldRenderV1JsonWithEveryDesignField() throws Exception {
        RenderedNotification r = renderer.render(triage("42 records dead-lettered on orders.v1"));

        JsonNode json = mapper.readTree(r.defaultJson());
        assertThat(json.fieldNames()).toIterable().containsExactly("schema", "kind", "severity", "title", "cluster",
                "topic", "channel", "owner", "summary", "facts", "actions", "runbook", "correlationId");
        assertThat(json.get("schema").asText()).isEqualTo("channel-pilot.notification/v1");
        assertThat(json.at("/actions/0/command").asText()).startsWith("channel-pilot redrive start");
        assertThat(json.at("/facts/Failed records").asText()).isEqualTo("42");
    }

    @Test
    void shouldWrapRenderingsForMessageStructureJson() throws Exception {
        RenderedNotification r = renderer.render(triage("t"));

        JsonNode structure = mapper.readTree(r.message());
        assertThat(structure.get("default").asText()).isEqualTo(r.defaultJson());
        assertThat(structure.get("email").asText()).isEqualTo(r.email());
        assertThat(r.email()).contains("WARNING: t", "Failed records  42", "1. Redrive after fixing producers",
                "$ channel-pilot redrive start");
    }

    @Test
    void shouldExposeFilterAttributesWithNoneForMissingOwner() {
        Notification n = new Notification(NotificationKind.CHANNEL_ACTIVE, NotificationSeverity.INFO, "ok", "",
                "t", "c", null, null, null, null, null, "x");

        assertThat(renderer.attributes(n)).containsExactly(Map.entry("kind", "CHANNEL_ACTIVE"),
                Map.entry("severity", "INFO"), Map.entry("owner", "none"), Map.entry("cluster", "none"));
    }

    @Test
    void shouldKeepSubjectUnderOneHundredCharactersWithoutControlCharacters() {
        String subject = renderer.subject(triage("line one\nline two " + "x".repeat(200)));

        assertThat(subject).hasSizeLessThan(100).doesNotContain("\n").startsWith("[Channel Pilot] WARNING line one")
                .endsWith("...").matches("\\p{ASCII}*");
    }

    @Test
    void shouldRefuseFactsLongEnoughToCarryAPayload() {
        assertThatThrownBy(() -> new Notification(NotificationKind.DLQ_TRIAGE, NotificationSeverity.INFO, "t", "",
                "", "", "", "", Map.of("sample", "y".repeat(600)), List.of(), "", ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fact 'sample'");
    }
}
