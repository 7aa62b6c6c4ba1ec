package io.channelpilot.local.world.kafka;

/**
 * An admin or produce call against the embedded broker failed; {@link #getCause()} is the Kafka exception (e.g.
 * {@code TopicExistsException}, {@code UnknownTopicOrPartitionException}) so callers can map it to an API error.
 */
public final class KafkaOperationException extends RuntimeException {

    public KafkaOperationException(String message, Throwable cause) {
        super(message, cause);
    }
}
