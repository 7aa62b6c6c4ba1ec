package io.channelpilot.notification;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.plan.Intent;
import io.channelpilot.store.StatusStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Sends a state-independent notification once per change (issue 5 follow-up). Each tag change reaches EventBridge
 * twice — CloudTrail {@code TagResource} and aws.tag {@code Tag Change on Resource}, two event ids, so two executions —
 * and both re-validate and would both send the same VALIDATION_REFUSED or APPROVAL_REQUIRED. The first sender claims
 * the notification with a conditional write in the status store ({@link StatusStore#claimNotification}); the other
 * finds the claim and sends nothing.
 *
 * <p>The key is (cluster, channel, kind, desired fingerprint, what the message says — the refusal codes or the old
 * and new fingerprints — and the cluster's <em>rules generation</em>). The generation is what makes a revert notify
 * again: it is bumped by resolve-intents whenever the cluster's {@code channel-pilot/} tags differ from the last ones
 * it recorded, so rule A, then B, then A again are three generations although A's fingerprint repeats, while the two
 * deliveries of one change (and sweeps that find the same tags) share one. The claim expires after the TTL
 * ({@code CHANNEL_PILOT_NOTIFY_DEDUPE_HOURS}, 24), so a refusal that stands is repeated once a day by the sweep, not
 * every 15 minutes. Trade-off: editing any rule of the cluster bumps the generation, so a standing refusal of another
 * rule is repeated once then too.
 */
public final class NotificationDedupe {

    public static final String TTL_VARIABLE = "CHANNEL_PILOT_NOTIFY_DEDUPE_HOURS";
    public static final Duration DEFAULT_TTL = Duration.ofHours(24);
    /** Kinds whose content depends only on the desired spec and the cluster, not on an execution's progress. */
    public static final Set<NotificationKind> DEDUPED = EnumSet.of(NotificationKind.VALIDATION_REFUSED, NotificationKind.APPROVAL_REQUIRED);
    private static final String RULE_PREFIX = "channel-pilot/";

    private final StatusStore store;
    private final Duration ttl;

    public NotificationDedupe(StatusStore store, Duration ttl) {
        this.store = store;
        this.ttl = ttl;
    }

    /** {@code CHANNEL_PILOT_NOTIFY_DEDUPE_HOURS} (1..720, default 24). */
    public static Duration ttlFrom(Map<String, String> env) {
        String raw = env.getOrDefault(TTL_VARIABLE, "");
        if (raw.isBlank()) {
            return DEFAULT_TTL;
        }
        try {
            long hours = AsciiNumbers.requireLong(raw.strip());
            if (hours >= 1 && hours <= 720) {
                return Duration.ofHours(hours);
            }
        } catch (NumberFormatException ignored) {
            // fall through
        }
        throw new IllegalArgumentException(TTL_VARIABLE + " must be whole hours 1..720, was '" + raw + "'");
    }

    /** Digest of a cluster's Channel Pilot rule tags (other tags never change a plan). */
    public static String rulesDigest(Map<String, String> clusterTags) {
        StringBuilder canonical = new StringBuilder();
        new TreeMap<>(clusterTags).forEach((k, v) -> {
            if (k.startsWith(RULE_PREFIX)) {
                canonical.append(k).append('=').append(v).append('\n');
            }
        });
        return sha256(canonical.toString());
    }

    /** The dedupe key of {@code n}, or empty when its kind is always sent. */
    public Optional<String> key(Notification n, Intent intent) {
        if (!DEDUPED.contains(n.kind())) {
            return Optional.empty();
        }
        StringBuilder content = new StringBuilder();
        n.facts().forEach((k, v) -> {
            if (k.startsWith("error.") || k.startsWith("unchecked.") || k.equals("oldFingerprint") || k.equals("newFingerprint")) {
                content.append(k).append('=').append(v).append('\n');
            }
        });
        String raw = String.join("|", intent.clusterArn(), n.channel(), n.kind().name(), intent.fingerprint(), content.toString(),
                Long.toString(store.rulesGeneration(intent.clusterArn())));
        return Optional.of(n.kind().name() + "#" + sha256(raw));
    }

    /** True when this caller may send (first claim, or the claim expired); false for a duplicate. */
    public boolean claim(String key) {
        return store.claimNotification(key, ttl);
    }

    /** The publish failed after the claim: give the claim back so a retry can send. */
    public void release(String key) {
        store.releaseNotification(key);
    }

    /** SHA-256 hex of {@code s}: the digest dedupe keys are made of. */
    public static String digest(String s) {
        return sha256(s);
    }

    static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
