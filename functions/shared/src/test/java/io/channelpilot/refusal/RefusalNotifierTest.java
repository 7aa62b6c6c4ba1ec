package io.channelpilot.refusal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.notification.RenderedNotification;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One notification per refusal, whichever execution or sweep sees it first (issue 15). */
class RefusalNotifierTest {

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final List<RenderedNotification> sent = new ArrayList<>();
    private boolean failNext;
    private final NotificationPublisher publisher = m -> {
        if (failNext) {
            failNext = false;
            throw new IllegalStateException("SNS unavailable");
        }
        sent.add(m);
        return "msg-" + sent.size();
    };
    private final RefusalNotifier notifier = new RefusalNotifier(publisher, NotificationRenderer.create(), store, Duration.ofHours(24));

    static Refusal conflict(String correlation, String setting) {
        return new Refusal(NotificationKind.TAG_CONTRACT_ERROR, TestSpecs.CLUSTER_ARN, "payments", "", "team-pay", "refused",
                List.of(new Refusal.Problem("RULE_CONFLICT", "channel-pilot/a | channel-pilot/b", setting, "disagree", "agree")),
                correlation);
    }

    @Test
    void shouldSendOnceWhenTheSameRefusalComesFromBothEventsAndTheSweep() {
        RefusalNotifier.Sent first = notifier.notify(conflict("cloudtrail-event", "freshness"));
        RefusalNotifier.Sent second = notifier.notify(conflict("aws-tag-event", "freshness"));
        RefusalNotifier.Sent sweep = notifier.notify(conflict("sweep-1", "freshness"));

        assertThat(sent).hasSize(1);
        assertThat(first.duplicate()).isFalse();
        assertThat(first.messageId()).isEqualTo("msg-1");
        assertThat(second.duplicate()).isTrue();
        assertThat(sweep.duplicate()).isTrue();
        assertThat(sent.get(0).attributes()).containsEntry("kind", "TAG_CONTRACT_ERROR").containsEntry("owner", "team-pay");
    }

    /** The cluster's tags as planned: the two conflicting rules and {@code more}. */
    static Map<String, String> tags(String bValue, Map<String, String> more) {
        Map<String, String> tags = new HashMap<>(more);
        tags.put("channel-pilot/a", "topic=payments namespace=sales freshness=300");
        tags.put("channel-pilot/b", bValue);
        return tags;
    }

    @Test
    void shouldSendAgainWhenTheRefusalChangesTheOffendingTagChangesOrTheClaimExpires() {
        String b = "topic=payments namespace=sales freshness=600";
        notifier.notify(conflict("e1", "freshness").withTagValues(tags(b, Map.of())));
        notifier.notify(conflict("e2", "namespace").withTagValues(tags(b, Map.of())));      // another problem
        notifier.notify(conflict("e3", "freshness").withTagValues(tags(b.replace("600", "900"), Map.of()))); // the tag edited
        clock.advance(Duration.ofHours(25));                    // a refusal that stands is repeated once a day
        notifier.notify(conflict("e4", "freshness").withTagValues(tags(b.replace("600", "900"), Map.of())));

        assertThat(sent).hasSize(4);
    }

    @Test
    void shouldSendNothingNewWhenAnotherTagOfTheClusterIsEdited() {
        String b = "topic=payments namespace=sales freshness=600";
        RefusalNotifier.Sent first = notifier.notify(conflict("e1", "freshness").withTagValues(tags(b, Map.of())));
        // an unrelated rule is added: the rules generation moves, the two offending tags do not
        store.recordRules(TestSpecs.CLUSTER_ARN, "digest-2");
        RefusalNotifier.Sent afterEdit = notifier.notify(conflict("e2", "freshness")
                .withTagValues(tags(b, Map.of("channel-pilot/clicks", "topic=clicks namespace=web", "team", "web"))));

        assertThat(first.duplicate()).isFalse();
        assertThat(afterEdit.duplicate()).isTrue();
        assertThat(sent).hasSize(1);
    }

    @Test
    void shouldCollapseDuplicateDeliveriesOfOneRejectedTriggerByItsEventId() {
        Refusal rejected = new Refusal(NotificationKind.TRIGGER_REJECTED, "", "", "", "", "rejected",
                List.of(new Refusal.Problem("TRIGGER_FIELD_MISSING", "", "detail.requestParameters.clusterArn", "missing", "pass it")),
                "event-1", true);
        Refusal other = new Refusal(NotificationKind.TRIGGER_REJECTED, "", "", "", "", "rejected",
                List.of(new Refusal.Problem("TRIGGER_FIELD_MISSING", "", "detail.requestParameters.clusterArn", "missing", "pass it")),
                "event-2", true);

        notifier.notify(List.of(rejected, rejected, other));

        assertThat(sent).hasSize(2);
    }

    @Test
    void shouldGiveTheClaimBackWhenPublishingFailsSoTheRetrySends() {
        failNext = true;
        assertThatThrownBy(() -> notifier.notify(conflict("e1", "freshness"))).hasMessage("SNS unavailable");

        RefusalNotifier.Sent retry = notifier.notify(conflict("e1", "freshness"));

        assertThat(retry.duplicate()).isFalse();
        assertThat(sent).hasSize(1);
    }
}
