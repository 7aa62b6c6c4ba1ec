package io.channelpilot.local.sfn.mock;

/** A mock configuration that cannot be used; the message names the entry. */
public final class MockConfigException extends RuntimeException {

    public MockConfigException(String message) {
        super(message);
    }
}
