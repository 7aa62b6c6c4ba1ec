package io.channelpilot.redrive;

/** LIVE re-produces records; DRY_RUN reads, repairs and pre-validates but writes nothing (no produce, no ledger). */
public enum RunMode {
    LIVE,
    DRY_RUN
}
