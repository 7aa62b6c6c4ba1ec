package io.channelpilot.redrive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.RepairRule;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies repair rules (DESIGN §7, {@link RepairRule}) to a parsed record, in order, on a copy. A rule that does not
 * apply (field absent for coerce/rename/drop, present for default) or cannot convert a value leaves the record as it
 * is: pre-validation then parks the record with the conformance code — a repair never invents data silently.
 */
public final class RepairApplier {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private RepairApplier() {
    }

    public static ObjectNode apply(List<RepairRule> rules, ObjectNode record) {
        ObjectNode out = record.deepCopy();
        for (RepairRule rule : rules) {
            if (rule instanceof RepairRule.Default d) {
                if (find(out, d.pointer()) == null) {
                    put(out, d.pointer(), d.value().deepCopy());
                }
            } else if (rule instanceof RepairRule.Coerce c) {
                JsonNode v = find(out, c.pointer());
                JsonNode converted = v == null ? null : coerce(v, c.type());
                if (converted != null) {
                    put(out, c.pointer(), converted);
                }
            } else if (rule instanceof RepairRule.Rename r) {
                JsonNode v = find(out, r.from());
                if (v != null) {
                    remove(out, r.from());
                    put(out, r.to(), v);
                }
            } else if (rule instanceof RepairRule.Drop d) {
                remove(out, d.pointer());
            }
        }
        return out;
    }

    static JsonNode coerce(JsonNode v, RepairRule.CoerceType type) {
        switch (type) {
            case STRING:
                return v.isValueNode() && !v.isNull() ? NODES.textNode(v.asText()) : null;
            case INTEGER:
                BigDecimal i = decimal(v);
                if (i == null) {
                    return null;
                }
                try {
                    return NODES.numberNode(i.toBigIntegerExact());
                } catch (ArithmeticException fraction) {
                    return null;
                }
            case NUMBER:
                BigDecimal d = decimal(v);
                return d == null ? null : NODES.numberNode(d);
            case BOOLEAN:
                if (v.isBoolean()) {
                    return v;
                }
                if (v.isTextual() && ("true".equalsIgnoreCase(v.textValue()) || "false".equalsIgnoreCase(v.textValue()))) {
                    return NODES.booleanNode(Boolean.parseBoolean(v.textValue().toLowerCase(java.util.Locale.ROOT)));
                }
                return null;
            default:
                throw new IllegalStateException("unknown coerce type " + type);
        }
    }

    private static BigDecimal decimal(JsonNode v) {
        if (v.isNumber()) {
            return v.decimalValue();
        }
        if (v.isTextual()) {
            try {
                return AsciiNumbers.requireDecimal(v.textValue().trim());
            } catch (NumberFormatException notANumber) {
                return null;
            }
        }
        return null;
    }

    private static List<String> tokens(String pointer) {
        List<String> out = new ArrayList<>();
        for (String raw : pointer.substring(1).split("/", -1)) {
            out.add(raw.replace("~1", "/").replace("~0", "~"));
        }
        return out;
    }

    private static JsonNode find(ObjectNode root, String pointer) {
        JsonNode node = root;
        for (String t : tokens(pointer)) {
            if (node.isObject()) {
                node = node.get(t);
            } else if (node.isArray() && t.matches("\\d+")) {
                node = node.get(AsciiNumbers.requireInt(t));
            } else {
                return null;
            }
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    private static void put(ObjectNode root, String pointer, JsonNode value) {
        List<String> tokens = tokens(pointer);
        ObjectNode parent = root;
        for (String t : tokens.subList(0, tokens.size() - 1)) {
            JsonNode next = parent.get(t);
            if (next == null || next.isNull()) {
                next = parent.putObject(t);
            }
            if (!next.isObject()) {
                return; // cannot descend: leave the record, pre-validation reports it
            }
            parent = (ObjectNode) next;
        }
        parent.set(tokens.get(tokens.size() - 1), value);
    }

    private static void remove(ObjectNode root, String pointer) {
        List<String> tokens = tokens(pointer);
        JsonNode parent = tokens.size() == 1 ? root : find(root, "/" + String.join("/",
                tokens.subList(0, tokens.size() - 1).stream().map(t -> t.replace("~", "~0").replace("/", "~1")).toList()));
        if (parent instanceof ObjectNode o) {
            o.remove(tokens.get(tokens.size() - 1));
        }
    }
}
