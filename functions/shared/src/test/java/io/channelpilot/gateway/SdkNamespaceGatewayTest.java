package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.s3tables.S3TablesClient;
import software.amazon.awssdk.services.s3tables.model.ConflictException;
import software.amazon.awssdk.services.s3tables.model.CreateNamespaceRequest;
import software.amazon.awssdk.services.s3tables.model.CreateNamespaceResponse;
import software.amazon.awssdk.services.s3tables.model.ForbiddenException;
import software.amazon.awssdk.services.s3tables.model.GetNamespaceRequest;
import software.amazon.awssdk.services.s3tables.model.GetNamespaceResponse;
import software.amazon.awssdk.services.s3tables.model.NotFoundException;

/** The namespace is created only when GetNamespace says it is missing; a concurrent creation counts as present. */
class SdkNamespaceGatewayTest {

    private static final String BUCKET = "arn:aws:s3tables:us-east-1:123456789012:bucket/analytics";

    private final S3TablesClient tables = mock(S3TablesClient.class);
    private final SdkNamespaceGateway gateway = new SdkNamespaceGateway(tables);

    @Test
    void shouldNotCreateWhenTheNamespaceExists() {
        when(tables.getNamespace(any(GetNamespaceRequest.class))).thenReturn(GetNamespaceResponse.builder().build());

        assertThat(gateway.ensure(BUCKET, "sales")).isFalse();
        verify(tables, never()).createNamespace(any(CreateNamespaceRequest.class));
    }

    @Test
    void shouldCreateTheNamespaceWhenGetNamespaceSaysNotFound() {
        when(tables.getNamespace(any(GetNamespaceRequest.class))).thenThrow(error(NotFoundException.builder(), 404, "NotFoundException"));
        when(tables.createNamespace(any(CreateNamespaceRequest.class))).thenReturn(CreateNamespaceResponse.builder().build());

        assertThat(gateway.ensure(BUCKET, "ops")).isTrue();
        verify(tables).createNamespace(CreateNamespaceRequest.builder().tableBucketARN(BUCKET).namespace("ops").build());
    }

    @Test
    void shouldTreatAConcurrentCreationAsPresent() {
        when(tables.getNamespace(any(GetNamespaceRequest.class))).thenThrow(error(NotFoundException.builder(), 404, "NotFoundException"));
        when(tables.createNamespace(any(CreateNamespaceRequest.class))).thenThrow(error(ConflictException.builder(), 409, "ConflictException"));

        assertThat(gateway.ensure(BUCKET, "ops")).isFalse();
    }

    @Test
    void shouldPropagateOtherFailuresForClassification() {
        when(tables.getNamespace(any(GetNamespaceRequest.class))).thenThrow(error(ForbiddenException.builder(), 403, "ForbiddenException"));

        assertThatThrownBy(() -> gateway.ensure(BUCKET, "ops")).isInstanceOf(ForbiddenException.class);
        verify(tables, never()).createNamespace(any(CreateNamespaceRequest.class));
    }

    private static <B extends software.amazon.awssdk.awscore.exception.AwsServiceException.Builder> RuntimeException error(
            B builder, int status, String code) {
        return (RuntimeException) builder.statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage(code).build()).build();
    }
}
