package io.channelpilot.local.world.quotas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.msk.SdkClients;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.servicequotas.ServiceQuotasClient;
import software.amazon.awssdk.services.servicequotas.model.InvalidPaginationTokenException;
import software.amazon.awssdk.services.servicequotas.model.ListServiceQuotasResponse;
import software.amazon.awssdk.services.servicequotas.model.NoSuchResourceException;

/** Service Quotas through the real ServiceQuotasClient 2.40.2. */
class ServiceQuotasContractTest {

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private EmulatorServer server;
    private ServiceQuotasClient quotas;

    @BeforeEach
    void start() throws Exception {
        ServiceQuotasEmulator emulator = new ServiceQuotasEmulator("123456789012", "us-east-1");
        emulator.add(new QuotaDefinition("kafka", "Amazon Managed Streaming for Kafka", "L-CHAN0001",
                "Channels per cluster", 25, 20, "None", true, "world-file value"));
        emulator.add(new QuotaDefinition("kafka", "Amazon Managed Streaming for Kafka", "L-CHAN0002",
                "Channels per topic", 5, 5, "None", false, null));
        server = EmulatorServer.start(new FaultInjector(1, clock)).register(emulator);
        quotas = SdkClients.client(ServiceQuotasClient.builder(), server.endpoint());
    }

    @AfterEach
    void stop() {
        quotas.close();
        server.close();
    }

    @Test
    void shouldListKafkaQuotasWithPagination() {
        ListServiceQuotasResponse first = quotas.listServiceQuotas(r -> r.serviceCode("kafka").maxResults(1));
        ListServiceQuotasResponse second = quotas.listServiceQuotas(r -> r.serviceCode("kafka").maxResults(1)
                .nextToken(first.nextToken()));

        assertThat(first.quotas()).extracting(q -> q.quotaName()).containsExactly("Channels per cluster");
        assertThat(first.quotas().get(0).value()).isEqualTo(25.0);
        assertThat(first.quotas().get(0).quotaArn()).isEqualTo("arn:aws:servicequotas:us-east-1:123456789012:kafka/"
                + "L-CHAN0001");
        assertThat(first.quotas().get(0).adjustable()).isTrue();
        assertThat(second.quotas()).extracting(q -> q.quotaName()).containsExactly("Channels per topic");
        assertThat(second.nextToken()).isNull();
        assertThatThrownBy(() -> quotas.listServiceQuotas(r -> r.serviceCode("kafka").nextToken("x")))
                .isInstanceOf(InvalidPaginationTokenException.class);
    }

    @Test
    void shouldGetAppliedAndDefaultValues() {
        var applied = quotas.getServiceQuota(r -> r.serviceCode("kafka").quotaCode("L-CHAN0001")).quota();
        var defaults = quotas.getAWSDefaultServiceQuota(r -> r.serviceCode("kafka").quotaCode("L-CHAN0001")).quota();

        assertThat(applied.value()).isEqualTo(25.0);
        assertThat(defaults.value()).isEqualTo(20.0);
        assertThat(defaults.quotaName()).isEqualTo("Channels per cluster");
    }

    @Test
    void shouldRaiseNoSuchResourceForUnknownQuotaOrService() {
        assertThatThrownBy(() -> quotas.getServiceQuota(r -> r.serviceCode("kafka").quotaCode("L-NONE")))
                .isInstanceOf(NoSuchResourceException.class);
        assertThatThrownBy(() -> quotas.listServiceQuotas(r -> r.serviceCode("glue")))
                .isInstanceOf(NoSuchResourceException.class);
    }
}
