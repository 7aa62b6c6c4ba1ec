package io.channelpilot.poll;

import java.util.List;

/**
 * The ordered acceptors per mode (reference §2 lifecycle). Statuses are compared as raw strings because the service
 * may add values; an unknown status is RETRY, so a new state shows up as a timeout notification, never as success.
 */
final class ChannelAcceptors {

    private ChannelAcceptors() {
    }

    public static List<Acceptor> forMode(PollMode mode) {
        return switch (mode) {
            case ACTIVE -> List.of(
                    Acceptor.success("ACTIVE", r -> r.hasStatus("ACTIVE")),
                    // FAILED is terminal (delete, fix, recreate); SUSPENDED is not resumable (reference §2).
                    Acceptor.failure("terminal state", r -> r.hasStatus("FAILED", "SUSPENDING", "SUSPENDED")),
                    Acceptor.retry("in flight", r -> r.hasStatus("CREATING", "UPDATING", "DELETING")),
                    // Read-after-create may not see the channel yet; a vanished channel ends as a timeout.
                    Acceptor.retry("not visible yet", r -> r instanceof ChannelRead.Missing),
                    Acceptor.retry("unknown status", r -> true));
            case DELETED -> List.of(
                    Acceptor.success("gone (NotFound)", r -> r instanceof ChannelRead.Missing),
                    // Terraform's delete waiter treats DELETING and ACTIVE as pending: ACTIVE may persist briefly
                    // after DeleteChannel (reference §2). Any other state also waits for the NotFound.
                    Acceptor.retry("still present", r -> true));
        };
    }

    public static Acceptor decide(List<Acceptor> acceptors, ChannelRead read) {
        return acceptors.stream().filter(a -> a.matches().test(read)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no acceptor matched " + read.status()));
    }
}
