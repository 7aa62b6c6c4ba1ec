package io.channelpilot.priming;

import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Stops a priming request after the SDK marshalled, resolved the endpoint and signed it, before a byte is sent: the
 * priming call exercises the client's whole request path and still reaches no service.
 */
final class AbortBeforeTransmission implements ExecutionInterceptor {

    /** Thrown where the request would be transmitted; its presence in the cause chain proves the path ran. */
    static final class Aborted extends RuntimeException {
        Aborted(String target) {
            super("priming request to " + target + " stopped before transmission", null, false, false);
        }
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes executionAttributes) {
        throw new Aborted(context.httpRequest().method() + " " + context.httpRequest().host());
    }
}
