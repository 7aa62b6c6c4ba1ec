package io.channelpilot.model;

/** What to use when streaming tables cannot serve (DESIGN §6). */
public enum Alternative {
    DATA_FIREHOSE_MSK_SOURCE("Amazon Data Firehose with an MSK source, delivering to Apache Iceberg tables"),
    KAFKA_CONNECT_S3_SINK("Kafka Connect (MSK Connect) with an S3 / Iceberg sink connector"),
    MANAGED_SERVICE_FOR_APACHE_FLINK("Amazon Managed Service for Apache Flink writing the Iceberg table");

    private final String description;

    Alternative(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
