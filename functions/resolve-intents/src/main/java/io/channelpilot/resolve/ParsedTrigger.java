package io.channelpilot.resolve;

/** A trigger, or the error saying which field is wrong and how to fix it. */
public sealed interface ParsedTrigger permits ParsedTrigger.Valid, ParsedTrigger.Invalid {

    record Valid(Trigger trigger) implements ParsedTrigger {
    }

    record Invalid(ResolveError error) implements ParsedTrigger {
    }

    static ParsedTrigger invalid(ResolveErrorCode code, String field, String message, String remediation) {
        return new Invalid(new ResolveError(code, field, message, remediation));
    }

    static ParsedTrigger missing(String field, String fix) {
        return invalid(ResolveErrorCode.TRIGGER_FIELD_MISSING, field, "field '" + field + "' is missing or empty", fix);
    }
}
