package io.channelpilot.gateway;

/**
 * The S3 Tables namespace of a channel, made to exist before Lake Formation grants name it. MSK creates a missing
 * namespace itself on first delivery (reference §4, table creation), but a grant on a database that does not exist yet
 * fails with {@code EntityNotFoundException}, which made every CREATE into a new namespace fail after CreateChannel.
 */
public interface NamespaceGateway {

    /** Creates the namespace when missing; returns true when this call created it. Idempotent. */
    boolean ensure(String tableBucketArn, String namespace);
}
