package io.channelpilot.local.sfn.intrinsic;

import static io.channelpilot.local.sfn.intrinsic.IntrinsicFunctions.fail;
import static io.channelpilot.local.sfn.intrinsic.IntrinsicFunctions.integer;
import static io.channelpilot.local.sfn.intrinsic.IntrinsicFunctions.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.json.Json;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.StringTokenizer;
import java.util.UUID;

/** States.Format, JSON, encoding, hashing, math, string and UUID intrinsics. */
final class ValueIntrinsics {

    /** "The input string ... can contain a maximum of 10,000 characters" (Base64Encode/Decode, Hash). */
    private static final int MAX_CHARS = 10_000;
    private static final Map<String, String> HASHES = Map.of("MD5", "MD5", "SHA-1", "SHA-1", "SHA-256", "SHA-256",
            "SHA-384", "SHA-384", "SHA-512", "SHA-512");

    private ValueIntrinsics() {
    }

    /** "construct a string from both literal and interpolated values ... {} ... in the order given". */
    static JsonNode format(List<JsonNode> args) {
        String template = text("States.Format", args.get(0), "the template");
        StringBuilder out = new StringBuilder();
        int next = 1;
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '\\' && i + 1 < template.length() && (template.charAt(i + 1) == '{' || template.charAt(i + 1) == '}')) {
                out.append(template.charAt(++i));
            } else if (c == '{' && i + 1 < template.length() && template.charAt(i + 1) == '}') {
                if (next >= args.size()) {
                    throw fail("States.Format", "the template has more {} placeholders than arguments");
                }
                JsonNode arg = args.get(next++);
                out.append(arg.isTextual() ? arg.textValue() : Json.write(arg));
                i++;
            } else {
                out.append(c);
            }
        }
        if (next != args.size()) {
            throw fail("States.Format", "the template has fewer {} placeholders than arguments");
        }
        return Json.NODES.textNode(out.toString());
    }

    static JsonNode stringToJson(JsonNode arg) {
        String text = text("States.StringToJson", arg, "the argument");
        try {
            return Json.MAPPER.readTree(text);
        } catch (Exception e) {
            throw fail("States.StringToJson", "the argument is not valid JSON: " + text);
        }
    }

    static JsonNode base64Encode(JsonNode arg) {
        String text = limited("States.Base64Encode", arg);
        return Json.NODES.textNode(Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)));
    }

    static JsonNode base64Decode(JsonNode arg) {
        String text = limited("States.Base64Decode", arg);
        try {
            return Json.NODES.textNode(new String(Base64.getDecoder().decode(text), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw fail("States.Base64Decode", "the argument is not Base64: " + e.getMessage());
        }
    }

    /** "calculate the hash value of a given input ... MD5, SHA-1, SHA-256, SHA-384, SHA-512". */
    static JsonNode hash(JsonNode data, JsonNode algorithmArg) {
        String algorithm = text("States.Hash", algorithmArg, "the algorithm");
        if (!HASHES.containsKey(algorithm)) {
            throw fail("States.Hash", "unsupported algorithm '" + algorithm + "' (MD5, SHA-1, SHA-256, SHA-384, SHA-512)");
        }
        String text = data.isTextual() ? data.textValue() : Json.write(data);
        if (text.length() > MAX_CHARS) {
            throw fail("States.Hash", "the input exceeds " + MAX_CHARS + " characters");
        }
        try {
            byte[] digest = MessageDigest.getInstance(HASHES.get(algorithm)).digest(text.getBytes(StandardCharsets.UTF_8));
            return Json.NODES.textNode(HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** "Currently, Step Functions only supports the shallow merging mode; therefore, you must specify ... false." */
    static JsonNode jsonMerge(JsonNode left, JsonNode right, JsonNode deep) {
        if (!left.isObject() || !right.isObject()) {
            throw fail("States.JsonMerge", "both arguments must be JSON objects");
        }
        if (!deep.isBoolean() || deep.booleanValue()) {
            throw fail("States.JsonMerge", "the third argument must be false (only shallow merging is supported)");
        }
        ObjectNode merged = left.deepCopy();
        merged.setAll((ObjectNode) right.deepCopy());
        return merged;
    }

    /** "returns a random number between the specified start and end number ... start inclusive, end exclusive". */
    static JsonNode mathRandom(List<JsonNode> args, Random random) {
        long start = integer("States.MathRandom", args.get(0), "the start");
        long end = integer("States.MathRandom", args.get(1), "the end");
        if (end <= start) {
            throw fail("States.MathRandom", "the end must be greater than the start");
        }
        Random source = args.size() == 3 ? new Random(integer("States.MathRandom", args.get(2), "the seed")) : random;
        return Json.number(start + (long) Math.floor(source.nextDouble() * (end - start)));
    }

    /** "return the sum of two numbers ... integers in -2147483648 to 2147483647". */
    static JsonNode mathAdd(JsonNode a, JsonNode b) {
        long sum = integer("States.MathAdd", a, "the first value") + integer("States.MathAdd", b, "the step");
        if (sum < Integer.MIN_VALUE || sum > Integer.MAX_VALUE) {
            throw fail("States.MathAdd", "the sum " + sum + " is outside the 32-bit integer range");
        }
        return Json.NODES.numberNode((int) sum);
    }

    /** "split a string into an array of values ... delimiter" — every character of the delimiter splits. */
    static JsonNode stringSplit(JsonNode value, JsonNode delimiter) {
        StringTokenizer tokens = new StringTokenizer(text("States.StringSplit", value, "the string"),
                text("States.StringSplit", delimiter, "the delimiter"));
        ArrayNode out = Json.NODES.arrayNode();
        while (tokens.hasMoreTokens()) {
            out.add(tokens.nextToken());
        }
        return out;
    }

    /** "return a version 4 universally unique identifier (v4 UUID) generated using random numbers". */
    static JsonNode uuid(Random random) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        bytes[6] = (byte) ((bytes[6] & 0x0f) | 0x40);
        bytes[8] = (byte) ((bytes[8] & 0x3f) | 0x80);
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        return Json.NODES.textNode(new UUID(buffer.getLong(), buffer.getLong()).toString());
    }

    private static String limited(String function, JsonNode arg) {
        String text = text(function, arg, "the argument");
        if (text.length() > MAX_CHARS) {
            throw fail(function, "the input exceeds " + MAX_CHARS + " characters");
        }
        return text;
    }

}
