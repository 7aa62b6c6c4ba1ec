package io.channelpilot.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Settings that steer Channel Pilot, not the channel: who is told, what triage does, whether the channel is managed or
 * paused, and an approval for a replacement. None is part of the fingerprint.
 *
 * @param owner       routes notifications; empty = the stack's default recipients
 * @param approve     fingerprint prefix approving a replacement (DESIGN §5); empty = none
 */
public record Operations(String owner, RedrivePolicy redrive, List<RepairRule> repair, boolean paused, boolean managed,
                         String approve) {

    public Operations {
        owner = owner == null ? "" : owner;
        approve = approve == null ? "" : approve;
        Objects.requireNonNull(redrive, "redrive");
        repair = List.copyOf(repair == null ? List.of() : repair);
    }

    public static Operations defaults() {
        return new Operations("", RedrivePolicy.MANUAL, List.of(), false, true, "");
    }

    public Optional<String> ownerIfSet() {
        return owner.isEmpty() ? Optional.empty() : Optional.of(owner);
    }

    public boolean approves(String fingerprint) {
        return !approve.isEmpty() && fingerprint.startsWith(approve);
    }
}
