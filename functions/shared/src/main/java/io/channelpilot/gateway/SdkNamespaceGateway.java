package io.channelpilot.gateway;

import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3tables.S3TablesClient;
import software.amazon.awssdk.services.s3tables.model.CreateNamespaceRequest;
import software.amazon.awssdk.services.s3tables.model.GetNamespaceRequest;

/**
 * {@link NamespaceGateway} over S3 Tables: GetNamespace, and CreateNamespace when it is not found. A concurrent
 * creation ({@code ConflictException}) counts as present. Other failures propagate as SDK exceptions for the caller's
 * {@link AwsErrors} classification, like the other provisioning gateways.
 */
final class SdkNamespaceGateway implements NamespaceGateway {

    private final S3TablesClient tables;

    public SdkNamespaceGateway(S3TablesClient tables) {
        this.tables = tables;
    }

    @Override
    public boolean ensure(String tableBucketArn, String namespace) {
        try {
            tables.getNamespace(GetNamespaceRequest.builder().tableBucketARN(tableBucketArn).namespace(namespace).build());
            return false;
        } catch (SdkException e) {
            if (!AwsErrors.isNotFound(e)) {
                throw e;
            }
        }
        try {
            tables.createNamespace(CreateNamespaceRequest.builder().tableBucketARN(tableBucketArn).namespace(namespace)
                    .build());
            return true;
        } catch (SdkException e) {
            if (AwsErrors.hasCode(e, "ConflictException")) {
                return false;
            }
            throw e;
        }
    }
}
