package io.channelpilot.local.world.delivery;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which {@link DlqLayout} the world writes for each channel: one for all, or another per source topic (so one world
 * can prove the product's DLQ reading on several layouts at once).
 *
 * @param fallback the layout of every topic not named in {@code byTopic}
 * @param byTopic  layouts per source topic
 */
public record DlqLayouts(DlqLayout fallback, Map<String, DlqLayout> byTopic) {

    public DlqLayouts {
        Objects.requireNonNull(fallback, "fallback");
        byTopic = Map.copyOf(byTopic);
    }

    /** Every channel writes {@code layout}. */
    public static DlqLayouts of(DlqLayout layout) {
        return new DlqLayouts(layout, Map.of());
    }

    /** The same, but channels on {@code topic} write {@code layout}. */
    public DlqLayouts withTopic(String topic, DlqLayout layout) {
        Map<String, DlqLayout> next = new LinkedHashMap<>(byTopic);
        next.put(topic, layout);
        return new DlqLayouts(fallback, next);
    }

    public DlqLayout forTopic(String topic) {
        return byTopic.getOrDefault(topic, fallback);
    }

    /**
     * The {@code DLQ_FIELD_*} settings an operator sets so the functions read every layout in use: per variable, the
     * names of all layouts that need one, comma-separated (the product tries them in order).
     */
    public Map<String, String> operatorEnvironment() {
        List<DlqLayout> all = new ArrayList<>();
        all.add(fallback);
        all.addAll(byTopic.values());
        Map<String, Set<String>> names = new LinkedHashMap<>();
        all.forEach(l -> l.operatorEnvironment().forEach((k, v) -> names.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v)));
        Map<String, String> env = new LinkedHashMap<>();
        names.forEach((k, v) -> env.put(k, String.join(",", v)));
        return env;
    }
}
