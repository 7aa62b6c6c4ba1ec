package io.channelpilot.validate;

import io.channelpilot.model.StackSettings;
import io.channelpilot.validation.ValidationSettings;
import java.util.Map;

/**
 * validate-channel settings, read once at init from the function environment (template Globals).
 *
 * @param stack      {@code CHANNEL_PILOT_*} stack settings ({@link StackSettings#from})
 * @param validation {@code QUOTA_*} / {@code THROUGHPUT_WINDOW_MINUTES} ({@link ValidationSettings#from})
 */
record ValidateConfig(StackSettings stack, ValidationSettings validation) {

    static ValidateConfig from(Map<String, String> env) {
        return new ValidateConfig(StackSettings.from(env), ValidationSettings.from(env));
    }
}
