package io.channelpilot.validation;

/**
 * Requirements an intent may declare that streaming tables do not meet (reference §4: append-only, no schema evolution,
 * new table per channel, no backfill). Each one routes to Managed Service for Apache Flink.
 */
public enum Need {
    CDC("change data capture (row-level changes applied to the table)"),
    UPSERTS("upserts (appendOnly must be true)"),
    DELETES("row deletes (only record expiration deletes rows)"),
    SCHEMA_EVOLUTION("schema evolution (enableSchemaEvolution must be false)"),
    EXISTING_TABLE("writing to an existing table (each channel creates its own new table)"),
    BACKFILL("backfill (only records produced after the channel is enabled are delivered)");

    private final String description;

    Need(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
