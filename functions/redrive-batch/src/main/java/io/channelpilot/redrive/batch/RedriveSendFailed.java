package io.channelpilot.redrive.batch;

/**
 * A copy could not be produced (broker unavailable, authorisation). The batch fails and the state machine retries it;
 * the ledger makes the retry send only what is not already in the topic. Its class name is the ASL error name.
 */
public final class RedriveSendFailed extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RedriveSendFailed(String message, Throwable cause) {
        super(message, cause);
    }
}
