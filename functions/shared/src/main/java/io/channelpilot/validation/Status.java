package io.channelpilot.validation;

/** PASS and FAIL are answers; UNKNOWN means the rule could not be checked (denied, throttled, unavailable). */
public enum Status { PASS, FAIL, UNKNOWN }
