package io.channelpilot.model;

import java.util.regex.Pattern;

/**
 * Deterministic channel names (DESIGN §4): the same (topic, namespace, table) always gives the same name, so a duplicate
 * event meets {@code ConflictException} or finds the channel and adopts it. Shape: a readable prefix from the topic and
 * table, {@code -}, 10 hex characters of SHA-256 over the triple; always matches {@code ^[a-zA-Z0-9._-]{1,64}$}
 * (the CloudFormation pattern; whether the API enforces it is UNCONFIRMED, reference §1.1).
 */
public final class ChannelNames {

    public static final Pattern VALID = Pattern.compile("^[a-zA-Z0-9._-]{1,64}$");
    private static final int HASH_CHARS = 10;
    private static final int PREFIX_MAX = 64 - HASH_CHARS - 1;

    private ChannelNames() {
    }

    public static String of(String topic, String namespace, String table) {
        String hash = Hashing.sha256Hex(topic + "\n" + namespace + "\n" + table).substring(0, HASH_CHARS);
        String readable = clean(topic.equals(table) ? topic : topic + "." + table);
        if (readable.length() > PREFIX_MAX) {
            readable = readable.substring(0, PREFIX_MAX);
        }
        return readable.isEmpty() ? "channel-" + hash : readable + "-" + hash;
    }

    public static boolean isValid(String name) {
        return name != null && VALID.matcher(name).matches();
    }

    private static String clean(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
                    || c == '-';
            out.append(ok ? c : '_');
        }
        return out.toString();
    }
}
