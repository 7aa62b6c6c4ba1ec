package io.channelpilot.local.world.msk;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Offset pagination with opaque tokens for the MSK list operations. A token encodes the offset of the next item; a
 * token that does not decode is a 400 naming {@code nextToken}.
 */
final class Paging {

    /** One page and the token for the next one (empty on the last page). */
    record Page<T>(List<T> items, Optional<String> nextToken) {
    }

    private Paging() {
    }

    static <T> Page<T> page(List<T> all, Optional<String> maxResults, Optional<String> nextToken, int maxAllowed,
                            int defaultSize) {
        int size = maxResults.map(m -> parseMax(m, maxAllowed)).orElse(defaultSize);
        int offset = nextToken.map(Paging::decode).orElse(0);
        if (offset > all.size()) {
            throw MskErrors.badRequest("nextToken", "The nextToken is not valid for this listing");
        }
        int end = Math.min(all.size(), offset + size);
        Optional<String> next = end < all.size() ? Optional.of(encode(end)) : Optional.empty();
        return new Page<>(List.copyOf(all.subList(offset, end)), next);
    }

    private static int parseMax(String raw, int maxAllowed) {
        try {
            int v = Integer.parseInt(raw);
            if (v >= 1 && v <= maxAllowed) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through to the error below
        }
        throw MskErrors.badRequest("maxResults", "maxResults must be between 1 and " + maxAllowed + ", was " + raw);
    }

    static String encode(int offset) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString(("offset:" + offset).getBytes(StandardCharsets.UTF_8));
    }

    private static int decode(String token) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            if (text.startsWith("offset:")) {
                int v = Integer.parseInt(text.substring("offset:".length()));
                if (v >= 0) {
                    return v;
                }
            }
        } catch (IllegalArgumentException e) {
            // fall through to the error below
        }
        throw MskErrors.badRequest("nextToken", "The nextToken is not valid for this listing");
    }
}
