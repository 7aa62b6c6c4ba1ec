package io.channelpilot.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A named repair applied to a dead-lettered record before it is re-produced (DESIGN §7).
 *
 * <p><b>Canonical syntax</b> (redrive API, CLI, state store):
 * <pre>
 *   default:&lt;pointer&gt;=&lt;json&gt;   set the field when it is missing, e.g. default:/currency="EUR"
 *   coerce:&lt;pointer&gt;=&lt;type&gt;   convert the value; type is string | integer | number | boolean
 *   rename:&lt;from&gt;=&lt;to&gt;         move a field, both JSON pointers
 *   drop:&lt;pointer&gt;               remove a field
 * </pre>
 *
 * <p><b>Tag syntax</b> ({@link #fromTagForm}): MSK tag values allow only letters, digits, white space and
 * {@code _ . / = + - @} — no colon, quote, brace or comma. So in a tag the colon after the operation becomes {@code @}
 * ({@code default@/currency=EUR}), and each rule is its own {@code repair=} setting (the one setting that may repeat).
 * A {@code default} value that is a bare JSON number, {@code true}, {@code false} or {@code null} is that JSON value;
 * any other bare token is a JSON string. An argument that needs other characters (a string with spaces, an object, a
 * pointer with {@code ~1}) is written {@code b64.<standard base64 of the UTF-8 text, unpadded>} — the base64 alphabet
 * {@code A-Z a-z 0-9 + /} is tag-safe and, unpadded, never contains the {@code =} separator. Example: {@code repair=default@/meta=b64.eyJzcmMiOiJyZWRyaXZlIn0}.
 */
public sealed interface RepairRule permits RepairRule.Default, RepairRule.Coerce, RepairRule.Rename, RepairRule.Drop {

    /** JSON pointer to a field (never the document root): {@code /a/b}, tokens escape {@code ~0 ~1}. */
    Pattern POINTER = Pattern.compile("^(/([^/~]|~[01])*)+$");

    /** Canonical text; also the JSON representation. */
    @JsonValue
    String canonical();

    /** The tag-safe form, accepted by {@link #fromTagForm}. */
    String tagForm();

    /** The pointers this rule writes, moves or removes (both ends of a rename). */
    List<String> pointers();

    /**
     * True when the rule writes, coerces, drops or renames onto or out of the top-level {@code column} (or anything
     * under it). The partition column places a row in its hour partition: a repair that fabricates, moves or removes
     * it would file a record under a time it never had, so such rules are refused wherever they enter.
     */
    default boolean touches(String column) {
        String field = "/" + column;
        return pointers().stream().anyMatch(p -> p.equals(field) || p.startsWith(field + "/"));
    }

    /** Coercion targets a repair may request. */
    enum CoerceType { STRING, INTEGER, NUMBER, BOOLEAN }

    record Default(String pointer, JsonNode value) implements RepairRule {
        public Default {
            requirePointer(pointer);
            if (value == null) {
                throw new IllegalArgumentException("default: a JSON value is required");
            }
        }

        @Override
        public List<String> pointers() {
            return List.of(pointer);
        }

        @Override
        public String canonical() {
            return "default:" + pointer + "=" + value.toString();
        }

        @Override
        public String tagForm() {
            String v = value.isTextual() && TagCodec.isBareToken(value.asText()) && !TagCodec.looksLikeJsonLiteral(value.asText())
                    ? value.asText()
                    : value.isValueNode() && !value.isTextual() ? value.toString() : TagCodec.b64(value.toString());
            return "default@" + TagCodec.encodePointer(pointer) + "=" + v;
        }
    }

    record Coerce(String pointer, CoerceType type) implements RepairRule {
        public Coerce {
            requirePointer(pointer);
            if (type == null) {
                throw new IllegalArgumentException("coerce: a type is required (string, integer, number, boolean)");
            }
        }

        @Override
        public List<String> pointers() {
            return List.of(pointer);
        }

        @Override
        public String canonical() {
            return "coerce:" + pointer + "=" + type.name().toLowerCase(Locale.ROOT);
        }

        @Override
        public String tagForm() {
            return "coerce@" + TagCodec.encodePointer(pointer) + "=" + type.name().toLowerCase(Locale.ROOT);
        }
    }

    record Rename(String from, String to) implements RepairRule {
        public Rename {
            requirePointer(from);
            requirePointer(to);
            if (from.equals(to)) {
                throw new IllegalArgumentException("rename: source and target are the same pointer " + from);
            }
        }

        @Override
        public List<String> pointers() {
            return List.of(from, to);
        }

        @Override
        public String canonical() {
            return "rename:" + from + "=" + to;
        }

        @Override
        public String tagForm() {
            return "rename@" + TagCodec.encodePointer(from) + "=" + TagCodec.encodePointer(to);
        }
    }

    record Drop(String pointer) implements RepairRule {
        public Drop {
            requirePointer(pointer);
        }

        @Override
        public List<String> pointers() {
            return List.of(pointer);
        }

        @Override
        public String canonical() {
            return "drop:" + pointer;
        }

        @Override
        public String tagForm() {
            return "drop@" + TagCodec.encodePointer(pointer);
        }
    }

    /** Parses the canonical syntax; throws {@link IllegalArgumentException} with the reason and the expected form. */
    @JsonCreator
    static RepairRule parse(String text) {
        return parse(text, ':', false);
    }

    /** Parses the tag syntax (see the type comment). */
    static RepairRule fromTagForm(String text) {
        return parse(text, '@', true);
    }

    private static RepairRule parse(String text, char opSeparator, boolean tagForm) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty repair rule");
        }
        int sep = text.indexOf(opSeparator);
        if (sep <= 0) {
            throw new IllegalArgumentException("repair rule '" + text + "' must look like <op>" + opSeparator
                    + "<pointer>[=<arg>] with op default, coerce, rename or drop");
        }
        String op = text.substring(0, sep);
        String rest = text.substring(sep + 1);
        int eq = rest.indexOf('=');
        String first = eq < 0 ? rest : rest.substring(0, eq);
        String arg = eq < 0 ? null : rest.substring(eq + 1);
        String pointer = tagForm ? TagCodec.decode(first) : first;
        switch (op) {
            case "drop":
                if (arg != null) {
                    throw new IllegalArgumentException("drop takes no value: " + text);
                }
                return new Drop(pointer);
            case "default":
                return new Default(pointer, tagForm ? TagCodec.decodeValue(requireArg(arg, text)) : json(requireArg(arg, text)));
            case "coerce":
                return new Coerce(pointer, coerceType(requireArg(arg, text)));
            case "rename":
                return new Rename(pointer, tagForm ? TagCodec.decode(requireArg(arg, text)) : requireArg(arg, text));
            default:
                throw new IllegalArgumentException("unknown repair operation '" + op + "' (use default, coerce, rename or drop)");
        }
    }

    private static String requireArg(String arg, String text) {
        if (arg == null || arg.isEmpty()) {
            throw new IllegalArgumentException("repair rule '" + text + "' needs a value after '='");
        }
        return arg;
    }

    private static CoerceType coerceType(String name) {
        try {
            return CoerceType.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("coerce type '" + name + "' is not one of string, integer, number, boolean");
        }
    }

    private static JsonNode json(String text) {
        try {
            return TagCodec.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("default value is not valid JSON: " + text);
        }
    }

    private static void requirePointer(String pointer) {
        if (pointer == null || !POINTER.matcher(pointer).matches()) {
            throw new IllegalArgumentException("'" + pointer + "' is not a JSON pointer to a field (e.g. /order/amount)");
        }
    }

    /** Tag-form encoding helpers. */
    final class TagCodec {
        static final ObjectMapper MAPPER = new ObjectMapper();
        private static final String B64 = "b64.";
        private static final Pattern BARE = Pattern.compile("^[A-Za-z0-9_./+@-]+$");
        private static final Pattern LITERAL = Pattern.compile("^(true|false|null|-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?)$");

        private TagCodec() {
        }

        static boolean isBareToken(String s) {
            return BARE.matcher(s).matches() && !s.startsWith(B64);
        }

        static boolean looksLikeJsonLiteral(String s) {
            return LITERAL.matcher(s).matches();
        }

        static String b64(String text) {
            return B64 + java.util.Base64.getEncoder().withoutPadding().encodeToString(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        static String encodePointer(String pointer) {
            return isBareToken(pointer) ? pointer : b64(pointer);
        }

        static String decode(String token) {
            if (!token.startsWith(B64)) {
                return token;
            }
            try {
                return new String(java.util.Base64.getDecoder().decode(token.substring(B64.length())),
                        java.nio.charset.StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + token + "' is not valid base64 after 'b64.'");
            }
        }

        static JsonNode decodeValue(String token) {
            if (token.startsWith(B64)) {
                return json(decode(token));
            }
            return looksLikeJsonLiteral(token) ? json(token) : MAPPER.getNodeFactory().textNode(token);
        }
    }
}
