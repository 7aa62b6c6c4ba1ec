package io.channelpilot.store;

import java.time.Instant;
import java.util.Objects;

/**
 * The last change of a channel's observed status, kept on its status item until its event is published (issue 15:
 * MSK publishes no channel state-change events, Channel Pilot publishes its own). Written in the same conditional write
 * as the status change itself ({@link StatusStore#update}), so a crash between the change and the event leaves the
 * transition pending and the next step, retry or sweep that reads the channel publishes it.
 *
 * @param from      observed status before ("" when first observed)
 * @param to        observed status after
 * @param at        when the change was written
 * @param id        unique per transition: {@code <version of the write that made it>}
 * @param published whether its event was put on the bus
 */
public record StateTransition(String from, String to, Instant at, String id, boolean published) {

    public StateTransition {
        from = from == null ? "" : from;
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(id, "id");
    }

    public StateTransition markPublished() {
        return new StateTransition(from, to, at, id, true);
    }
}
