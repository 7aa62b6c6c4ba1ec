package io.channelpilot.notification;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Channel Pilot's bounds on the fields of a Chatbot custom notification ({@link ChatNotification}). UNCONFIRMED: the
 * Chatbot admin guide ("Custom notifications") publishes no per-field limits, so these are our own conservative
 * defaults — title 250 characters, description 3 500, five next steps of 500, five keywords of 75 — and configurable
 * with {@value #VARIABLE} (stack parameter {@code ChatNotificationLimits}), any subset of
 * {@code title=250,description=3500,nextSteps=5,step=500,keywords=5,keyword=75}, in case a chat client turns out to cut
 * or drop messages sooner (or allows more).
 */
public record ChatLimits(int title, int description, int nextSteps, int step, int keywords, int keyword) {

    public static final String VARIABLE = "CHANNEL_PILOT_CHAT_LIMITS";
    public static final ChatLimits DEFAULT = new ChatLimits(250, 3_500, 5, 500, 5, 75);

    public ChatLimits {
        // a cut text ends with "…": a bound below 2 would leave nothing of it
        if (title < 2 || description < 2 || nextSteps < 1 || step < 2 || keywords < 1 || keyword < 2) {
            throw new IllegalArgumentException(VARIABLE + ": text bounds must be at least 2 characters and counts at least 1");
        }
    }

    /** {@value #VARIABLE}; unset or blank means {@link #DEFAULT}. */
    public static ChatLimits from(Map<String, String> env) {
        String raw = env.getOrDefault(VARIABLE, "").strip();
        if (raw.isEmpty()) {
            return DEFAULT;
        }
        Map<String, Integer> v = new LinkedHashMap<>(Map.of("title", DEFAULT.title, "description", DEFAULT.description,
                "nextSteps", DEFAULT.nextSteps, "step", DEFAULT.step, "keywords", DEFAULT.keywords, "keyword", DEFAULT.keyword));
        for (String entry : raw.split(",")) {
            String[] kv = entry.strip().split("=", 2);
            if (kv.length != 2 || !v.containsKey(kv[0].strip()) || !kv[1].strip().matches("\\d{1,6}")) {
                throw new IllegalArgumentException(VARIABLE + ": '" + entry.strip() + "' is not one of " + v.keySet()
                        + " with a whole number, e.g. title=250,description=3500");
            }
            v.put(kv[0].strip(), io.channelpilot.model.AsciiNumbers.requireInt(kv[1].strip()));
        }
        return new ChatLimits(v.get("title"), v.get("description"), v.get("nextSteps"), v.get("step"), v.get("keywords"),
                v.get("keyword"));
    }
}
