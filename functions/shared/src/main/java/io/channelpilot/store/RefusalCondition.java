package io.channelpilot.store;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A refusal as a condition in the status store (issue 15), next to the channels' conditions and shown by
 * {@code channel-pilot status}: {@code Refused=True} while it stands, {@code Refused=False} (reason {@code Resolved})
 * for a day after the plan no longer refuses, then gone (the table's TTL). Keyed by cluster and subject
 * ({@code cluster}, {@code topic/<t>}, {@code tag/<key>}, {@code channel/<name>}, {@code trigger/<event id>}).
 *
 * @param clusterArn    the cluster ("" for a trigger that names none)
 * @param subject       what it is about
 * @param kind          the notification kind ({@code TAG_CONTRACT_ERROR}, {@code UNMANAGED_CHANNEL}, ...)
 * @param status        True while refused, False once resolved
 * @param codes         every specific code, sorted
 * @param tags          the tag keys involved, sorted
 * @param topic         the topic ("" when cluster-wide)
 * @param owner         who was notified ("" = the stack's default address)
 * @param message       what was not done and why
 * @param remediation   the fix of the first problem
 * @param since         when it was first seen (kept while it stands)
 * @param updatedAt     when it was last written
 * @param correlationId the trigger, sweep or event that saw it last
 * @param expiresAt     when the table's TTL removes it (null while it stands)
 */
public record RefusalCondition(String clusterArn, String subject, String kind, ConditionStatus status, List<String> codes,
                               List<String> tags, String topic, String owner, String message, String remediation, Instant since,
                               Instant updatedAt, String correlationId, Instant expiresAt) {

    public RefusalCondition {
        clusterArn = clusterArn == null ? "" : clusterArn;
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(status, "status");
        codes = List.copyOf(codes == null ? List.of() : codes);
        tags = List.copyOf(tags == null ? List.of() : tags);
        topic = topic == null ? "" : topic;
        owner = owner == null ? "" : owner;
        message = message == null ? "" : message;
        remediation = remediation == null ? "" : remediation;
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(updatedAt, "updatedAt");
        correlationId = correlationId == null ? "" : correlationId;
    }

    /** The condition's reason: the first code, or {@code Resolved} once it no longer stands. */
    public String reason() {
        return status == ConditionStatus.TRUE ? codes.isEmpty() ? kind : codes.get(0) : "Resolved";
    }

    public boolean standing() {
        return status == ConditionStatus.TRUE;
    }

    public Optional<Instant> expiry() {
        return Optional.ofNullable(expiresAt);
    }

    /** Same refusal content (what the owner was told), ignoring times and the correlation id. */
    public boolean sameAs(RefusalCondition other) {
        return other != null && clusterArn.equals(other.clusterArn) && subject.equals(other.subject) && kind.equals(other.kind)
                && status == other.status && codes.equals(other.codes) && tags.equals(other.tags) && topic.equals(other.topic)
                && owner.equals(other.owner) && message.equals(other.message) && remediation.equals(other.remediation);
    }

    public RefusalCondition resolved(Instant now, Instant expiry) {
        return new RefusalCondition(clusterArn, subject, kind, ConditionStatus.FALSE, codes, tags, topic, owner, message, remediation,
                now, now, correlationId, expiry);
    }
}
