package io.channelpilot.local.world.msk;

import java.util.Objects;

/**
 * Why a channel is FAILED or SUSPENDED: a "short machine-readable code" and a "human-readable message" (API reference,
 * ChannelStateInfo). UNCONFIRMED: AWS publishes no catalogue of codes; the codes this emulator uses are in
 * {@link FailureCodes} and are ours.
 */
public record StateInfo(String code, String message) {

    public StateInfo {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }
}
