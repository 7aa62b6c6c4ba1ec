package io.channelpilot.poll;

import java.util.function.Predicate;

/**
 * One rule of a poll, in the style of the SDK's {@code WaiterAcceptor}: when {@code matches} holds for a read, the
 * poll ends with {@code decision}. Acceptors are tried in order; the first match decides.
 */
record Acceptor(String description, Predicate<ChannelRead> matches, Decision decision) {

    public enum Decision {
        /** The wait is over; for ACTIVE this still needs the confirming read. */
        SUCCESS,
        /** Not settled yet: the Lambda throws ChannelNotReady and the state's Retry polls again. */
        RETRY,
        /** Terminal: ChannelFailed with stateInfo, never retried. */
        FAILURE
    }

    public static Acceptor success(String description, Predicate<ChannelRead> matches) {
        return new Acceptor(description, matches, Decision.SUCCESS);
    }

    public static Acceptor retry(String description, Predicate<ChannelRead> matches) {
        return new Acceptor(description, matches, Decision.RETRY);
    }

    public static Acceptor failure(String description, Predicate<ChannelRead> matches) {
        return new Acceptor(description, matches, Decision.FAILURE);
    }
}
