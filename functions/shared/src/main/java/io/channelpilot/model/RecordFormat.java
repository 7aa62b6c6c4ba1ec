package io.channelpilot.model;

import java.util.Locale;
import java.util.Optional;

/**
 * The tag setting {@code format}: {@code json} (plain JSON, schema resolved at create time, sent as recordSchema) or
 * {@code gsr} (JSON_SCHEMA_GSR, schema id in each record, no recordSchema) — reference §1.1.
 */
public enum RecordFormat {
    JSON("json", "JSON"),
    GSR("gsr", "JSON_SCHEMA_GSR");

    private final String tagValue;
    private final String valueConverter;

    RecordFormat(String tagValue, String valueConverter) {
        this.tagValue = tagValue;
        this.valueConverter = valueConverter;
    }

    public String tagValue() {
        return tagValue;
    }

    /** The SDK {@code RecordConverter.valueConverter} wire value. */
    public String valueConverter() {
        return valueConverter;
    }

    public boolean sendsRecordSchema() {
        return this == JSON;
    }

    public static Optional<RecordFormat> fromTag(String value) {
        String v = value.toLowerCase(Locale.ROOT);
        for (RecordFormat f : values()) {
            if (f.tagValue.equals(v)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
