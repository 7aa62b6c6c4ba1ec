package io.channelpilot.refusal;

import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.notification.NotificationKind;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Something Channel Pilot refused to do, or could not do, that nobody would otherwise hear about (issue 15, DESIGN
 * §9b "every refusal reaches its owner once"): tag-contract errors, look-alike tag keys, unmanaged channels on topics a
 * rule selects, rejected triggers and clusters outside the guardrail. As a value it travels in the ResolveIntents
 * result ({@code $.resolution.refusals}, so it is in the execution's output), becomes one deduplicated notification
 * ({@link RefusalNotifier}) and a condition in the status store ({@link RefusalRecorder}), and is what
 * {@code channel-pilot plan} and {@code reconcile --dry-run} print.
 *
 * @param kind          the notification kind (one of {@link #KINDS})
 * @param clusterArn    the cluster ("" when a trigger names none)
 * @param topic         the topic ("" for cluster-wide refusals)
 * @param channel       the channel (UNMANAGED_CHANNEL only)
 * @param owner         who hears it: the {@code owner=} of the tags involved; "" = the stack's default address
 * @param summary       one sentence: what was not done and why
 * @param problems      every specific code with its tag(s) or field and the fix
 * @param correlationId execution name, sweep id or event id
 * @param oneOff        bound to one trigger (a rejected event, a failed TagResource, a cluster outside the guardrail): no
 *                      later plan sees it again, so its condition is written by the NotifyRefusals step and expires on its
 *                      own; a plan's refusals (false) are recorded, and resolved, by the resolver and the sweep
 * @param tagsDigest    digest of the named tags' keys and values as planned ({@link #tagsDigest(List, Map)}; "" when
 *                      unknown): part of the notification's dedupe key, so editing the offending tag notifies again
 *                      while an edit of any other tag does not
 */
public record Refusal(NotificationKind kind, String clusterArn, String topic, String channel, String owner, String summary,
                      List<Problem> problems, String correlationId, boolean oneOff, String tagsDigest) {

    /** The notification kinds that are refusals. */
    public static final Set<NotificationKind> KINDS = Set.of(NotificationKind.TAG_CONTRACT_ERROR, NotificationKind.TAG_KEY_HINT,
            NotificationKind.UNMANAGED_CHANNEL, NotificationKind.TRIGGER_REJECTED, NotificationKind.CLUSTER_NOT_ALLOWED);

    public Refusal {
        Objects.requireNonNull(kind, "kind");
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException(kind + " is not a refusal kind");
        }
        clusterArn = clusterArn == null ? "" : clusterArn;
        topic = topic == null ? "" : topic;
        channel = channel == null ? "" : channel;
        owner = owner == null ? "" : owner;
        summary = summary == null ? "" : summary;
        problems = List.copyOf(problems == null ? List.of() : problems);
        correlationId = correlationId == null ? "" : correlationId;
        tagsDigest = tagsDigest == null ? "" : tagsDigest;
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a refusal names at least one coded problem");
        }
    }

    /** A refusal whose tag values are unknown (a rejected trigger, a failed TagResource). */
    public Refusal(NotificationKind kind, String clusterArn, String topic, String channel, String owner, String summary,
                   List<Problem> problems, String correlationId, boolean oneOff) {
        this(kind, clusterArn, topic, channel, owner, summary, problems, correlationId, oneOff, "");
    }

    /** A refusal of a plan (recorded and resolved with the plan). */
    public Refusal(NotificationKind kind, String clusterArn, String topic, String channel, String owner, String summary,
                   List<Problem> problems, String correlationId) {
        this(kind, clusterArn, topic, channel, owner, summary, problems, correlationId, false);
    }

    /** This refusal with the digest of the values its named tags have in {@code clusterTags}. */
    public Refusal withTagValues(Map<String, String> clusterTags) {
        return new Refusal(kind, clusterArn, topic, channel, owner, summary, problems, correlationId, oneOff,
                tagsDigest(tags(), clusterTags));
    }

    /** SHA-256 of {@code key=value} per named key (a key the tags lack counts as absent), so order and other tags don't matter. */
    public static String tagsDigest(List<String> keys, Map<String, String> clusterTags) {
        StringBuilder canonical = new StringBuilder();
        new TreeSet<>(keys).forEach(k -> canonical.append(k).append(clusterTags.containsKey(k) ? "=" + clusterTags.get(k) : " absent")
                .append('\n'));
        return NotificationDedupe.digest(canonical.toString());
    }

    /**
     * One specific problem.
     *
     * @param code        stable code (a SpecError, ResolveErrorCode, PlanReason or SkipReason name)
     * @param tag         the tag key(s) involved ({@code a | b} for a conflict), "" when none
     * @param field       the setting, or for a trigger the JSON path of the bad field, "" when none
     * @param message     what is wrong
     * @param remediation the fix
     */
    public record Problem(String code, String tag, String field, String message, String remediation) {
        public Problem {
            Objects.requireNonNull(code, "code");
            tag = tag == null ? "" : tag;
            field = field == null ? "" : field;
            message = message == null ? "" : message;
            remediation = remediation == null ? "" : remediation;
        }
    }

    /**
     * What the refusal is about, unique within the cluster: {@code cluster}, {@code topic/<t>}, {@code tag/<key>},
     * {@code channel/<name>} or {@code trigger/<event id>}. The status condition is keyed by it.
     */
    public String subject() {
        return switch (kind) {
            case TAG_KEY_HINT -> "tag/" + problems.get(0).tag();
            case UNMANAGED_CHANNEL -> "channel/" + channel;
            case TRIGGER_REJECTED -> "trigger/" + correlationId;
            default -> topic.isEmpty() ? "cluster" : "topic/" + topic;
        };
    }

    /** The distinct codes, sorted. */
    public List<String> codes() {
        return List.copyOf(new TreeSet<>(problems.stream().map(Problem::code).toList()));
    }

    /** The distinct tag keys the problems name (a conflict's two keys separately), sorted. */
    public List<String> tags() {
        Set<String> keys = new TreeSet<>();
        problems.forEach(p -> {
            for (String k : p.tag().split(" \\| ")) {
                if (!k.isBlank()) {
                    keys.add(k.strip());
                }
            }
        });
        return List.copyOf(keys);
    }
}
