package io.channelpilot.refusal;

import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.store.StatusStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends each refusal to its owner once (issue 15): the first sender claims it with the status store's claim-once
 * write ({@link StatusStore#claimNotification}); a duplicate delivery of the same event, the second event of one tag
 * change (CloudTrail and aws.tag) and every sweep that finds the same refusal find the claim and send nothing, until
 * the claim expires ({@code CHANNEL_PILOT_NOTIFY_DEDUPE_HOURS}, 24): a refusal that stands is repeated once a day.
 *
 * <p>The key is (kind, cluster, subject, every code with its tag and field, and the digest of the named tags' values
 * {@link Refusal#tagsDigest()}): an edit of the offending tag (a new value, another owner) notifies again, an edit of
 * any other tag of the cluster sends nothing new. A rejected trigger's subject is its event id, so its duplicate
 * deliveries collapse. Trade-off: a revert to a value already notified within the claim's TTL is not repeated (the
 * owner read that exact message less than a day ago). A failed publish gives the claim back so a retry sends it.
 */
public final class RefusalNotifier {

    private static final Logger LOG = LoggerFactory.getLogger(RefusalNotifier.class);

    private final NotificationPublisher publisher;
    private final NotificationRenderer renderer;
    private final NotificationDedupe dedupe;

    public RefusalNotifier(NotificationPublisher publisher, NotificationRenderer renderer, StatusStore store, Duration ttl) {
        this.publisher = publisher;
        this.renderer = renderer;
        this.dedupe = new NotificationDedupe(store, ttl);
    }

    /** What happened to one refusal: sent (with the message id) or a duplicate (nothing published). */
    public record Sent(String kind, String subject, List<String> codes, String owner, String messageId, boolean duplicate) {
        public Sent {
            codes = List.copyOf(codes);
        }
    }

    public List<Sent> notify(List<Refusal> refusals) {
        List<Sent> out = new ArrayList<>();
        for (Refusal r : refusals) {
            out.add(notify(r));
        }
        return out;
    }

    public Sent notify(Refusal r) {
        String key = key(r);
        if (!dedupe.claim(key)) {
            LOG.info("duplicate refusal not sent cluster={} subject={} kind={} codes={} correlationId={}", r.clusterArn(), r.subject(),
                    r.kind(), r.codes(), r.correlationId());
            return new Sent(r.kind().name(), r.subject(), r.codes(), r.owner(), "", true);
        }
        Notification n = RefusalNotices.of(r);
        String messageId;
        try {
            messageId = publisher.publish(renderer.render(n));
        } catch (RuntimeException e) {
            dedupe.release(key);
            throw e;
        }
        LOG.info("refusal notified cluster={} subject={} kind={} codes={} owner={} correlationId={}", r.clusterArn(), r.subject(),
                r.kind(), r.codes(), r.owner().isEmpty() ? "none" : r.owner(), r.correlationId());
        return new Sent(r.kind().name(), r.subject(), r.codes(), r.owner(), messageId, false);
    }

    /** The claim key: the same refusal gives the same key from every execution and every sweep. */
    String key(Refusal r) {
        StringBuilder content = new StringBuilder();
        r.problems().forEach(p -> content.append(p.code()).append('|').append(p.tag()).append('|').append(p.field()).append('\n'));
        return r.kind().name() + "#" + NotificationDedupe.digest(String.join("|", r.clusterArn(), r.subject(), content.toString(),
                r.tagsDigest()));
    }
}
