package io.channelpilot.notify;

import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.OutcomeNotifications;
import io.channelpilot.notification.ItemState;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.plan.Intent;
import io.channelpilot.refusal.Refusal;
import io.channelpilot.refusal.RefusalNotifier;
import io.channelpilot.refusal.RefusalRecorder;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NotifyOutcome: decides the message ({@link OutcomeNotifications}), publishes it, records the outcome conditions,
 * and releases the item's provisioning lease if it still holds one (a poll that ran out of retries never released
 * it; releasing someone else's lease is a no-op by contract).
 */
final class NotifyService {

    private static final Logger LOG = LoggerFactory.getLogger(NotifyService.class);

    private final NotificationPublisher publisher;
    private final NotificationRenderer renderer;
    private final StatusStore store;
    private final Clock clock;
    private final ObjectMapper mapper;
    private final NotificationDedupe dedupe;
    private final RefusalNotifier refusals;

    public NotifyService(NotificationPublisher publisher, NotificationRenderer renderer, StatusStore store, Clock clock,
                         ObjectMapper mapper) {
        this(publisher, renderer, store, clock, mapper, NotificationDedupe.DEFAULT_TTL);
    }

    /** @param dedupeTtl how long a sent VALIDATION_REFUSED / APPROVAL_REQUIRED suppresses the same one ({@link NotificationDedupe}) */
    public NotifyService(NotificationPublisher publisher, NotificationRenderer renderer, StatusStore store, Clock clock,
                         ObjectMapper mapper, Duration dedupeTtl) {
        this.publisher = publisher;
        this.renderer = renderer;
        this.store = store;
        this.clock = clock;
        this.mapper = mapper;
        this.dedupe = new NotificationDedupe(store, dedupeTtl);
        this.refusals = new RefusalNotifier(publisher, renderer, store, dedupeTtl);
    }

    /**
     * NotifyRefusals (issue 15): every refusal ResolveIntents found — tag problems, look-alike keys, unmanaged channels,
     * a rejected trigger — to its owner, once ({@link RefusalNotifier}). The result is the execution's record of it.
     */
    public List<RefusalNotifier.Sent> notifyRefusals(List<Refusal> found) {
        RefusalRecorder conditions = new RefusalRecorder(store, clock);
        found.stream().filter(Refusal::oneOff).forEach(conditions::recordOneOff);
        return refusals.notify(found);
    }

    public NotifyResult notify(ItemState state) {
        Notification notification = OutcomeNotifications.from(state, previousSpec(state.intent()));
        Optional<String> key = dedupe.key(notification, state.intent());
        if (key.isPresent() && !dedupe.claim(key.get())) {
            // the other delivery of the same change (or an earlier sweep) already sent exactly this; conditions are
            // still recorded (idempotent) and the lease released
            record(state, notification);
            LOG.info("duplicate notification not sent cluster={} topic={} channel={} kind={} correlationId={}", notification.cluster(),
                    notification.topic(), notification.channel(), notification.kind(), notification.correlationId());
            return new NotifyResult(notification.kind().name(), notification.severity().name(), notification.title(), "", true);
        }
        String messageId;
        try {
            messageId = publisher.publish(renderer.render(notification));
        } catch (RuntimeException e) {
            key.ifPresent(dedupe::release);
            throw e;
        }
        record(state, notification);
        LOG.info("notified cluster={} topic={} channel={} kind={} severity={} correlationId={}", notification.cluster(),
                notification.topic(), notification.channel(), notification.kind(), notification.severity(),
                notification.correlationId());
        return new NotifyResult(notification.kind().name(), notification.severity().name(), notification.title(), messageId);
    }

    private void record(ItemState state, Notification notification) {
        Intent intent = state.intent();
        // An approval request is about the channel that exists today; everything else about the intent's channel.
        String channel = notification.kind() == NotificationKind.APPROVAL_REQUIRED && intent.existing() != null
                ? intent.existing().channelName() : intent.channelName();
        ChannelKey key = new ChannelKey(intent.clusterArn(), channel);
        UnaryOperator<ChannelStatus> change = s -> s.withLastExecution(state.correlationId());
        if (state.validation() != null) {
            change = compose(change, validated(state.validation()));
        }
        switch (notification.kind()) {
            case APPROVAL_REQUIRED -> change = compose(change, s -> s.withCondition(ConditionType.REPLACEMENT_PENDING,
                    ConditionStatus.TRUE, "ApprovalRequired", notification.facts().getOrDefault("approveTag", ""), clock.instant()));
            case CHANNEL_REPLACED -> change = compose(change, s -> s.withCondition(ConditionType.REPLACEMENT_PENDING,
                    ConditionStatus.FALSE, "Replaced", "", clock.instant()));
            case PROVISIONING_ERROR, CHANNEL_TIMEOUT -> change = compose(change, s -> s.withCondition(
                    ConditionType.PROVISIONED, ConditionStatus.FALSE, reason(notification), notification.title(), clock.instant()));
            default -> {
            }
        }
        store.update(key, intent.topic(), change);
        store.releaseLease(key, state.correlationId());
    }

    /** Validated: True when passed; False with the first ERROR code; Unknown with the first unchecked ERROR rule. */
    private UnaryOperator<ChannelStatus> validated(ItemState.Validation validation) {
        if (validation.passed()) {
            return s -> s.withCondition(ConditionType.VALIDATED, ConditionStatus.TRUE, "ValidationPassed", "", clock.instant());
        }
        if (!validation.errors().isEmpty()) {
            ItemState.ValidationFinding first = validation.errors().get(0);
            return s -> s.withCondition(ConditionType.VALIDATED, ConditionStatus.FALSE, first.code(), first.message(),
                    clock.instant());
        }
        String reason = validation.unchecked().isEmpty() ? "ValidationIncomplete" : validation.unchecked().get(0).code();
        return s -> s.withCondition(ConditionType.VALIDATED, ConditionStatus.UNKNOWN, reason, "an ERROR rule could not be checked",
                clock.instant());
    }

    private static String reason(Notification notification) {
        String code = notification.facts().getOrDefault("code", "");
        return notification.kind() == NotificationKind.CHANNEL_TIMEOUT ? "ChannelNotReady" : code.isEmpty() ? "ProvisioningError" : code;
    }

    /** The desired spec recorded for the channel being replaced, to name the changed fields; empty when unknown. */
    private Optional<ChannelSpec> previousSpec(Intent intent) {
        if (intent.existing() == null) {
            return Optional.empty();
        }
        return store.find(new ChannelKey(intent.clusterArn(), intent.existing().channelName()))
                .map(ChannelStatus::desiredJson).filter(json -> !json.isEmpty()).flatMap(json -> {
                    try {
                        return Optional.of(mapper.readValue(json, ChannelSpec.class));
                    } catch (JsonProcessingException | RuntimeException e) {
                        LOG.warn("recorded desired spec unreadable channel={}", intent.existing().channelName());
                        return Optional.empty();
                    }
                });
    }

    private static UnaryOperator<ChannelStatus> compose(UnaryOperator<ChannelStatus> a, UnaryOperator<ChannelStatus> b) {
        return s -> b.apply(a.apply(s));
    }
}
