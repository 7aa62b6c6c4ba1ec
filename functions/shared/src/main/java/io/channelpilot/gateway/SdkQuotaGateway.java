package io.channelpilot.gateway;

import java.util.Optional;
import software.amazon.awssdk.services.servicequotas.ServiceQuotasClient;
import software.amazon.awssdk.services.servicequotas.model.ServiceQuota;

/**
 * {@link Gateways.QuotaGateway}: applied value (ListServiceQuotas) first, then the AWS default
 * (ListAWSDefaultServiceQuotas). Quotas are looked up by name, never hard-coded (DESIGN §6).
 */
final class SdkQuotaGateway implements Gateways.QuotaGateway {

    private final ServiceQuotasClient quotas;

    public SdkQuotaGateway(ServiceQuotasClient quotas) {
        this.quotas = quotas;
    }

    @Override
    public GatewayResult<Optional<Double>> quotaByName(String serviceCode, String quotaName) {
        GatewayResult<Optional<Double>> applied = SdkCalls.call("Service Quotas", "ListServiceQuotas",
                "servicequotas:ListServiceQuotas",
                () -> quotas.listServiceQuotasPaginator(r -> r.serviceCode(serviceCode)).quotas().stream()
                        .filter(q -> quotaName.equalsIgnoreCase(q.quotaName())).findFirst().map(ServiceQuota::value));
        return applied.fold(found -> found.isPresent()
                        ? GatewayResult.ok(found)
                        : SdkCalls.call("Service Quotas", "ListAWSDefaultServiceQuotas", "servicequotas:ListAWSDefaultServiceQuotas",
                                () -> quotas.listAWSDefaultServiceQuotasPaginator(r -> r.serviceCode(serviceCode)).quotas().stream()
                                        .filter(q -> quotaName.equalsIgnoreCase(q.quotaName())).findFirst().map(ServiceQuota::value)),
                GatewayResult::failed);
    }
}
