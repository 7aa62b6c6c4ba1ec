package io.channelpilot.local.world.quotas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Service Quotas on the shared endpoint (AWS JSON 1.1, signing name {@code servicequotas}): ListServiceQuotas,
 * GetServiceQuota, GetAWSDefaultServiceQuota over the quotas of the world file.
 */
public final class ServiceQuotasEmulator implements ServiceEmulator {

    static final Set<String> OPERATIONS = Set.of("ListServiceQuotas", "GetServiceQuota", "GetAWSDefaultServiceQuota");

    private final String arnPrefix;
    private final List<QuotaDefinition> quotas = new CopyOnWriteArrayList<>();

    public ServiceQuotasEmulator(String account, String region) {
        this.arnPrefix = "arn:aws:servicequotas:" + region + ":" + account + ":";
    }

    public void add(QuotaDefinition quota) {
        quotas.add(quota);
    }

    public List<QuotaDefinition> quotas() {
        return List.copyOf(quotas);
    }

    @Override
    public String signingName() {
        return "servicequotas";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AWS_JSON_1_1;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "TooManyRequestsException", "Rate exceeded");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "ServiceException", "Injected internal error");
    }

    @Override
    public String operationOf(AwsRequest request) {
        String op = request.targetOperation().orElse("");
        if (!OPERATIONS.contains(op)) {
            throw new AwsServiceError(400, "UnknownOperationException", "The local world does not emulate Service"
                    + " Quotas operation '" + op + "'");
        }
        return op;
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        JsonNode in = Json.parse(request.body());
        String service = required(in, "ServiceCode");
        ObjectNode out = switch (operation) {
            case "ListServiceQuotas" -> list(service, in);
            case "GetServiceQuota" -> single(find(service, required(in, "QuotaCode")), false);
            case "GetAWSDefaultServiceQuota" -> single(find(service, required(in, "QuotaCode")), true);
            default -> throw new IllegalStateException(operation);
        };
        return AwsResponse.json(200, out, Protocol.AWS_JSON_1_1);
    }

    private ObjectNode list(String service, JsonNode in) {
        List<QuotaDefinition> matching = quotas.stream().filter(q -> q.serviceCode().equals(service))
                .filter(q -> !in.hasNonNull("QuotaCode") || q.quotaCode().equals(in.path("QuotaCode").asText()))
                .toList();
        if (matching.isEmpty() && quotas.stream().noneMatch(q -> q.serviceCode().equals(service))) {
            throw noSuchResource("The service " + service + " has no quotas in this world");
        }
        int max = in.path("MaxResults").asInt(100);
        if (max < 1 || max > 100) {
            throw new AwsServiceError(400, "IllegalArgumentException", "MaxResults must be between 1 and 100");
        }
        int offset = 0;
        if (in.hasNonNull("NextToken")) {
            try {
                offset = Integer.parseInt(in.path("NextToken").asText());
            } catch (NumberFormatException e) {
                offset = -1;
            }
            if (offset < 0 || offset > matching.size()) {
                throw new AwsServiceError(400, "InvalidPaginationTokenException", "Invalid pagination token");
            }
        }
        int end = Math.min(matching.size(), offset + max);
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("Quotas");
        matching.subList(offset, end).forEach(q -> list.add(json(q, false)));
        if (end < matching.size()) {
            out.put("NextToken", String.valueOf(end));
        }
        return out;
    }

    private QuotaDefinition find(String service, String code) {
        return quotas.stream().filter(q -> q.serviceCode().equals(service) && q.quotaCode().equals(code)).findFirst()
                .orElseThrow(() -> noSuchResource("The request failed because the specified service quota "
                        + service + "/" + code + " does not exist"));
    }

    private ObjectNode single(QuotaDefinition q, boolean defaults) {
        ObjectNode out = Json.object();
        out.set("Quota", json(q, defaults));
        return out;
    }

    private ObjectNode json(QuotaDefinition q, boolean defaults) {
        ObjectNode o = Json.object().put("ServiceCode", q.serviceCode()).put("ServiceName", q.serviceName())
                .put("QuotaArn", arnPrefix + q.serviceCode() + "/" + q.quotaCode()).put("QuotaCode", q.quotaCode())
                .put("QuotaName", q.quotaName()).put("Value", defaults ? q.defaultValue() : q.value())
                .put("Unit", q.unit()).put("Adjustable", q.adjustable()).put("GlobalQuota", false)
                .put("QuotaAppliedAtLevel", "ACCOUNT");
        if (q.description() != null) {
            o.put("Description", q.description());
        }
        return o;
    }

    private static String required(JsonNode in, String field) {
        String v = in.path(field).asText(null);
        if (v == null || v.isBlank()) {
            throw new AwsServiceError(400, "IllegalArgumentException", field + " is required");
        }
        return v;
    }

    private static AwsServiceError noSuchResource(String message) {
        return new AwsServiceError(400, "NoSuchResourceException", message);
    }
}
