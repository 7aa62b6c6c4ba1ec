package io.channelpilot.reconcile;

import io.channelpilot.plan.Intent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Deterministic Step Functions execution names for sweep work (DESIGN §4): {@code sweep-<slug>-<hash>} where the slug
 * is the readable start of the sweep id and the hash covers the sweep id, cluster, topic and every intent's channel,
 * plan and fingerprint. Two sweeps with the same id that see the same drift name the same execution, so Step Functions
 * refuses the second start ({@code ExecutionAlreadyExists}) — overlapping sweeps never double-start. Names are at most
 * 80 characters of {@code [A-Za-z0-9_-]} (StartExecution's name rule is looser; this is its safe subset).
 */
final class ExecutionNames {

    static final int MAX = 80;
    private static final int SLUG = 40;

    private ExecutionNames() {
    }

    static String of(String sweepId, String clusterArn, String topic, List<Intent> intents) {
        StringBuilder basis = new StringBuilder(sweepId).append('|').append(clusterArn).append('|').append(topic);
        intents.stream().sorted(Comparator.comparing(Intent::channelName).thenComparing(i -> i.plan().name()))
                .forEach(i -> basis.append('|').append(i.channelName()).append(':').append(i.plan()).append(':').append(i.fingerprint()));
        String slug = sweepId.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-").replaceAll("^-+|-+$", "");
        if (slug.length() > SLUG) {
            slug = slug.substring(0, SLUG);
        }
        String name = "sweep-" + (slug.isEmpty() ? "" : slug + "-") + sha256(basis.toString()).substring(0, 24);
        return name.length() <= MAX ? name : name.substring(0, MAX);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
