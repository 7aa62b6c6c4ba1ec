package io.channelpilot.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.Condition;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StateTransition;
import io.channelpilot.store.StatusStore;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes {@value ChannelPilotEvents#CHANNEL_STATE_CHANGE} once per transition of a channel's observed status
 * (docs/reference.md#events). The transition is written with the status change itself ({@link StateTransition}); this publishes
 * a pending one: claim it once in the status store ({@link StatusStore#claimNotification}, key
 * {@code STATE#<cluster>#<channel>#<transition id>}), put the event, then mark the transition published. A duplicate
 * caller (another execution, a retry, the sweep) finds the claim and puts nothing; a failed put gives the claim back
 * and leaves the transition pending for the next caller. The one gap: a crash between the claim and the put loses that
 * event (consumers can still read the transition from {@code channel-pilot status}).
 *
 * <p>Publishing never fails the caller: events are a side channel, provisioning and polling go on without them.
 */
public final class ChannelStateEvents {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelStateEvents.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final EventPublisher publisher;
    private final StatusStore store;

    public ChannelStateEvents(EventPublisher publisher, StatusStore store) {
        this.publisher = publisher;
        this.store = store;
    }

    /** Publishes {@code status}'s pending transition, if it has one; returns whether this call put the event. */
    public boolean publishPending(ChannelStatus status) {
        if (status.pendingTransition().isEmpty()) {
            return false;
        }
        StateTransition t = status.pendingTransition().get();
        String claim = "STATE#" + status.key().clusterArn() + "#" + status.key().channelName() + "#" + t.id();
        if (!store.claimNotification(claim, ChannelPilotEvents.CLAIM_TTL)) {
            return false;
        }
        try {
            publisher.put(ChannelPilotEvents.CHANNEL_STATE_CHANGE, detail(status, t).toString(), resources(status));
        } catch (RuntimeException e) {
            store.releaseNotification(claim);
            LOG.warn("channel state event not published cluster={} channel={} from={} to={}: {}", status.key().clusterArn(),
                    status.key().channelName(), t.from(), t.to(), e.toString());
            return false;
        }
        try {
            store.update(status.key(), status.topic(), s -> s.transition() != null && s.transition().id().equals(t.id())
                    ? s.withTransition(s.transition().markPublished()) : s);
        } catch (RuntimeException e) {
            // the claim already stops a second event; the flag only saves the next reader a claim attempt
            LOG.warn("channel state event published but not marked cluster={} channel={}: {}", status.key().clusterArn(),
                    status.key().channelName(), e.toString());
        }
        LOG.info("channel state event published cluster={} channel={} from={} to={}", status.key().clusterArn(),
                status.key().channelName(), t.from(), t.to());
        return true;
    }

    /** The {@code detail} (docs/schemas/channel-state-change.schema.json). */
    public static ObjectNode detail(ChannelStatus s, StateTransition t) {
        ObjectNode d = JSON.createObjectNode().put("version", ChannelPilotEvents.DETAIL_VERSION);
        String arn = s.key().clusterArn();
        d.put("cluster", ClusterArn.isValid(arn) ? ClusterArn.parse(arn).name() : arn).put("clusterArn", arn)
                .put("topic", s.topic()).put("channel", s.key().channelName()).put("channelArn", s.channelArn())
                .put("table", table(s)).put("fingerprint", s.fingerprint())
                .put("from", t.from().isEmpty() ? "NONE" : t.from()).put("to", t.to())
                .put("reason", reason(s)).put("generation", s.generation()).put("transitionId", arn + "/" + s.key().channelName()
                        + "/" + t.id()).put("time", t.at().toString());
        codes(s).forEach(d.putArray("codes")::add);
        return d;
    }

    /** {@code <namespace>.<table>} from the recorded desired spec ("" when none is recorded). */
    static String table(ChannelStatus s) {
        if (s.desiredJson().isEmpty()) {
            return "";
        }
        try {
            JsonNode spec = JSON.readTree(s.desiredJson());
            return spec.path("namespace").asText("") + "." + spec.path("table").asText("");
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** The reason of the Ready condition, else of the last condition set, else "". */
    static String reason(ChannelStatus s) {
        return s.condition(ConditionType.READY).map(Condition::reason)
                .orElse(s.conditions().isEmpty() ? "" : s.conditions().get(s.conditions().size() - 1).reason());
    }

    /** The reasons of every condition that is not healthy (Ready≠True, Degraded / ReplacementPending = True). */
    static List<String> codes(ChannelStatus s) {
        Set<String> out = new LinkedHashSet<>();
        for (Condition c : s.conditions()) {
            boolean bad = c.type() == ConditionType.DEGRADED || c.type() == ConditionType.REPLACEMENT_PENDING
                    ? c.status() == ConditionStatus.TRUE : c.status() != ConditionStatus.TRUE;
            if (bad && !c.reason().isEmpty()) {
                out.add(c.reason());
            }
        }
        return new ArrayList<>(out);
    }

    private static List<String> resources(ChannelStatus s) {
        List<String> out = new ArrayList<>();
        if (s.channelArn().startsWith("arn:")) {
            out.add(s.channelArn());
        }
        if (s.key().clusterArn().startsWith("arn:")) {
            out.add(s.key().clusterArn());
        }
        return out;
    }
}
