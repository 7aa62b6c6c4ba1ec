package io.channelpilot.local.world.iam;

import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import io.channelpilot.local.world.http.Xml;
import java.util.Objects;

/**
 * AWS STS on the shared endpoint (AWS Query, signing name {@code sts}): GetCallerIdentity answers with the world's
 * single caller identity. ASSUMPTION: every local caller is the same principal, by default the assumed role
 * {@code channel-pilot} (the identity CloudTrail events of the MSK emulator carry too).
 */
public final class StsEmulator implements ServiceEmulator {

    /** The caller every request is attributed to. */
    public record CallerIdentity(String account, String arn, String userId) {
        public CallerIdentity {
            Objects.requireNonNull(account, "account");
            Objects.requireNonNull(arn, "arn");
            Objects.requireNonNull(userId, "userId");
        }

        public static CallerIdentity defaultFor(String account) {
            return new CallerIdentity(account, "arn:aws:sts::" + account + ":assumed-role/channel-pilot/channel-pilot",
                    "AROALOCALWORLD:channel-pilot");
        }
    }

    private final CallerIdentity caller;

    public StsEmulator(CallerIdentity caller) {
        this.caller = caller;
    }

    @Override
    public String signingName() {
        return "sts";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AWS_QUERY;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "Throttling", "Rate exceeded");
    }

    @Override
    public String operationOf(AwsRequest request) {
        String action = request.formParams().getOrDefault("Action", "");
        if (!action.equals("GetCallerIdentity")) {
            throw new AwsServiceError(400, "InvalidAction", "The local world does not emulate STS action '" + action
                    + "'");
        }
        return action;
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        return AwsResponse.xml(200, Xml.queryResponse(operation, "<UserId>" + Xml.escape(caller.userId())
                + "</UserId><Account>" + Xml.escape(caller.account()) + "</Account><Arn>" + Xml.escape(caller.arn())
                + "</Arn>"));
    }
}
