package io.channelpilot.local.world.sns;

import io.channelpilot.local.world.http.AwsServiceError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads AWS Query form parameters, including the flattened shapes the SDK sends: maps as
 * {@code Attributes.entry.N.key/value}, lists as {@code Tags.member.N.Key}.
 */
final class QueryParams {

    private final Map<String, String> form;

    QueryParams(Map<String, String> form) {
        this.form = form;
    }

    String get(String name) {
        return form.get(name);
    }

    String required(String name) {
        String v = form.get(name);
        if (v == null) {
            throw new AwsServiceError(400, "InvalidParameter", "Invalid parameter: " + name);
        }
        return v;
    }

    /** {@code prefix.entry.N.key} / {@code prefix.entry.N.value} pairs, in N order. */
    Map<String, String> map(String prefix, String keyName, String valueName) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 1; form.containsKey(prefix + ".entry." + i + "." + keyName); i++) {
            out.put(form.get(prefix + ".entry." + i + "." + keyName),
                    form.getOrDefault(prefix + ".entry." + i + "." + valueName, ""));
        }
        return out;
    }

    /** The N-th members' sub-parameters: {@code prefix.member.N.field}, as maps field to value. */
    List<Map<String, String>> members(String prefix) {
        List<Map<String, String>> out = new ArrayList<>();
        for (int i = 1; ; i++) {
            String p = prefix + ".member." + i + ".";
            Map<String, String> m = new LinkedHashMap<>();
            form.forEach((k, v) -> {
                if (k.startsWith(p)) {
                    m.put(k.substring(p.length()), v);
                }
            });
            if (m.isEmpty()) {
                return out;
            }
            out.add(m);
        }
    }

    /** Tags as Key to Value. */
    Map<String, String> tags(String prefix) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map<String, String> m : members(prefix)) {
            out.put(m.get("Key"), m.getOrDefault("Value", ""));
        }
        return out;
    }

    /** {@code prefix.member.N} plain string lists. */
    List<String> strings(String prefix) {
        List<String> out = new ArrayList<>();
        for (int i = 1; form.containsKey(prefix + ".member." + i); i++) {
            out.add(form.get(prefix + ".member." + i));
        }
        return out;
    }
}
