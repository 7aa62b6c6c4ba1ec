package io.channelpilot.model;

import java.util.Locale;
import java.util.Optional;

/** Parquet compression of the Iceberg destination; {@code ZSTD} is the service default (reference §1.1). */
public enum Compression {
    ZSTD,
    SNAPPY;

    public String tagValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Compression> fromTag(String value) {
        for (Compression c : values()) {
            if (c.name().equalsIgnoreCase(value)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
