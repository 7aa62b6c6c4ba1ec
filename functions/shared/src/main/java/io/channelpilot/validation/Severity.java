package io.channelpilot.validation;

/** How much a failed rule matters: ERROR blocks creation, WARN is reported, INFO explains. */
public enum Severity { ERROR, WARN, INFO }
