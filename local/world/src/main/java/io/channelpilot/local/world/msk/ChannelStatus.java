package io.channelpilot.local.world.msk;

/** DescribeChannel {@code status} (reference §2). */
public enum ChannelStatus {
    CREATING, ACTIVE, UPDATING, DELETING, FAILED, SUSPENDING, SUSPENDED;

    boolean inFlight() {
        return this == CREATING || this == UPDATING || this == DELETING;
    }
}
