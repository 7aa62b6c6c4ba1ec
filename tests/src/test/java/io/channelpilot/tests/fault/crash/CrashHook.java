package io.channelpilot.tests.fault.crash;

import java.util.Set;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * A global SDK interceptor (test classpath: {@code software/amazon/awssdk/global/handlers/execution.interceptors}), so
 * every client the product builds carries it without a product change. After a successful response — the call took
 * effect in the emulator — and before the SDK hands the response to the product, it records the call when it mutates
 * and, at the armed point, kills the function ({@link Killed}). Inert unless a {@link CrashRun} is recording and the
 * call comes from a function's invocation.
 */
public final class CrashHook implements ExecutionInterceptor {

    /** Operation name prefixes that change state in AWS (everything else reads: Get, List, Describe, Query, Scan...). */
    private static final Set<String> MUTATING = Set.of("Create", "Put", "Tag", "Untag", "Update", "Delete", "Grant",
            "Revoke", "Publish", "Start", "Stop", "Send", "TransactWrite", "BatchWrite", "Associate", "Disassociate",
            "Attach", "Detach", "Register", "Deregister", "Set", "Enable", "Disable", "Add", "Remove", "Reboot");

    static boolean mutating(String operation) {
        for (String prefix : MUTATING) {
            if (operation.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        if (operation == null || !mutating(operation)) {
            return;
        }
        String key = attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME) + ":" + operation;
        if (CrashRun.tookEffect(key)) {
            throw new Killed(CrashRun.FUNCTION.get(), key);
        }
    }
}
