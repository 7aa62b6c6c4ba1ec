package io.channelpilot.local.sfn.template;

/** A template the runner cannot use; the message names the resource and property. */
public final class TemplateException extends RuntimeException {

    public TemplateException(String message) {
        super(message);
    }
}
