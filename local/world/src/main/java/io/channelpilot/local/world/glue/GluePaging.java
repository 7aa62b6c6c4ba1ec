package io.channelpilot.local.world.glue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/** Offset pagination for the Glue list operations ({@code MaxResults} 1-100, default 25; opaque {@code NextToken}). */
final class GluePaging {

    record Page<T>(List<T> items, Optional<String> nextToken) {
    }

    private GluePaging() {
    }

    static <T> Page<T> page(List<T> all, JsonNode in) {
        int max = in.path("MaxResults").asInt(25);
        if (max < 1 || max > 100) {
            throw GlueErrors.invalidInput("MaxResults must be between 1 and 100");
        }
        int offset = 0;
        if (in.hasNonNull("NextToken")) {
            try {
                offset = Integer.parseInt(new String(java.util.Base64.getUrlDecoder()
                        .decode(in.path("NextToken").asText()), java.nio.charset.StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw GlueErrors.invalidInput("NextToken is not valid");
            }
            if (offset < 0 || offset > all.size()) {
                throw GlueErrors.invalidInput("NextToken is not valid");
            }
        }
        int end = Math.min(all.size(), offset + max);
        Optional<String> next = end < all.size()
                ? Optional.of(java.util.Base64.getUrlEncoder().withoutPadding()
                        .encodeToString(String.valueOf(end).getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                : Optional.empty();
        return new Page<>(List.copyOf(all.subList(offset, end)), next);
    }
}
