package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB attribute values kept in their wire form ({@code {"S":"x"}}, {@code {"N":"1.5"}}, …). Numbers are
 * arbitrary-precision decimals compared numerically; binaries are base64 text compared as unsigned bytes.
 */
final class Values {

    static final Set<String> TYPES = Set.of("S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS");

    private Values() {
    }

    /** The single type descriptor of a value; malformed values are a ValidationException. */
    static String type(JsonNode value) {
        if (value == null || !value.isObject() || value.size() != 1) {
            throw DynamoErrors.validation("Supplied AttributeValue has more than one datatypes set, must contain "
                    + "exactly one of the supported datatypes");
        }
        String type = value.fieldNames().next();
        if (!TYPES.contains(type)) {
            throw DynamoErrors.validation("Supplied AttributeValue is empty, must contain exactly one of the "
                    + "supported datatypes");
        }
        return type;
    }

    static BigDecimal number(String text) {
        try {
            BigDecimal n = new BigDecimal(text.trim());
            if (n.precision() > 38) {
                throw DynamoErrors.validation("Attempting to store more than 38 significant digits in a Number");
            }
            return n;
        } catch (NumberFormatException e) {
            throw DynamoErrors.validation("A value provided cannot be converted into a number");
        }
    }

    static String canonicalNumber(BigDecimal n) {
        return n.signum() == 0 ? "0" : n.stripTrailingZeros().toPlainString();
    }

    static ObjectNode n(BigDecimal n) {
        return Json.object().put("N", canonicalNumber(n));
    }

    static ObjectNode s(String s) {
        return Json.object().put("S", s);
    }

    static byte[] bytes(JsonNode b) {
        return Base64.getDecoder().decode(b.asText());
    }

    /**
     * Validates a value sent by a client and returns it normalised (numbers canonical); empty sets, duplicate set
     * members and unparsable numbers are refused as DynamoDB refuses them.
     */
    static JsonNode normalise(JsonNode value) {
        String type = type(value);
        JsonNode v = value.get(type);
        switch (type) {
            case "N":
                return n(number(v.asText()));
            case "SS", "NS", "BS": {
                if (!v.isArray() || v.isEmpty()) {
                    throw DynamoErrors.invalidParameters("An " + setName(type) + " may not be empty");
                }
                ArrayNode out = Json.MAPPER.createArrayNode();
                Set<String> seen = new HashSet<>();
                for (JsonNode e : v) {
                    String member = "NS".equals(type) ? canonicalNumber(number(e.asText())) : e.asText();
                    if (!seen.add(member)) {
                        throw DynamoErrors.validation("One or more parameter values were invalid: Input collection "
                                + v + " contains duplicates.");
                    }
                    out.add(member);
                }
                ObjectNode node = Json.object();
                node.set(type, out);
                return node;
            }
            case "M": {
                ObjectNode out = Json.object();
                Iterator<Map.Entry<String, JsonNode>> it = v.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    out.set(e.getKey(), normalise(e.getValue()));
                }
                ObjectNode node = Json.object();
                node.set("M", out);
                return node;
            }
            case "L": {
                ArrayNode out = Json.MAPPER.createArrayNode();
                v.forEach(e -> out.add(normalise(e)));
                ObjectNode node = Json.object();
                node.set("L", out);
                return node;
            }
            default:
                return value.deepCopy();
        }
    }

    static String setName(String type) {
        return switch (type) {
            case "SS" -> "string set ";
            case "NS" -> "number set ";
            default -> "binary set ";
        };
    }

    /** Equality as DynamoDB defines it: numbers numerically, sets regardless of order. */
    static boolean equal(JsonNode a, JsonNode b) {
        String ta = type(a);
        if (!ta.equals(type(b))) {
            return false;
        }
        JsonNode va = a.get(ta);
        JsonNode vb = b.get(ta);
        return switch (ta) {
            case "N" -> number(va.asText()).compareTo(number(vb.asText())) == 0;
            case "B" -> Arrays.equals(bytes(va), bytes(vb));
            case "SS", "BS" -> members(va).equals(members(vb));
            case "NS" -> numberMembers(va).equals(numberMembers(vb));
            case "M" -> {
                if (va.size() != vb.size()) {
                    yield false;
                }
                Iterator<Map.Entry<String, JsonNode>> it = va.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!vb.has(e.getKey()) || !equal(e.getValue(), vb.get(e.getKey()))) {
                        yield false;
                    }
                }
                yield true;
            }
            case "L" -> {
                if (va.size() != vb.size()) {
                    yield false;
                }
                for (int i = 0; i < va.size(); i++) {
                    if (!equal(va.get(i), vb.get(i))) {
                        yield false;
                    }
                }
                yield true;
            }
            default -> va.equals(vb);
        };
    }

    /**
     * Ordering for {@code < <= > >= BETWEEN}: defined only between two S, two N or two B values; anything else is
     * "not comparable" (null), which makes the comparison false as in DynamoDB.
     */
    static Integer compare(JsonNode a, JsonNode b) {
        String ta = type(a);
        if (!ta.equals(type(b))) {
            return null;
        }
        return switch (ta) {
            case "S" -> compareUtf8(a.get("S").asText(), b.get("S").asText());
            case "N" -> number(a.get("N").asText()).compareTo(number(b.get("N").asText()));
            case "B" -> Arrays.compareUnsigned(bytes(a.get("B")), bytes(b.get("B")));
            default -> null;
        };
    }

    /** DynamoDB orders strings by their UTF-8 bytes. */
    static int compareUtf8(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                b.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static Set<String> members(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }

    static Set<BigDecimal> numberMembers(JsonNode array) {
        Set<BigDecimal> out = new HashSet<>();
        array.forEach(e -> out.add(number(e.asText()).stripTrailingZeros()));
        return out;
    }

    /** Canonical text of a key attribute, for map keys. */
    static String keyText(JsonNode value) {
        String t = type(value);
        return switch (t) {
            case "N" -> "N:" + canonicalNumber(number(value.get("N").asText()));
            default -> t + ":" + value.get(t).asText();
        };
    }
}
