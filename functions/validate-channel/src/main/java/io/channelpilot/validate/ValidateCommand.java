package io.channelpilot.validate;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.plan.Intent;
import io.channelpilot.validation.Need;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The task input of the {@code Validate} state, parsed: the intent's desired spec, optional declared needs, and the
 * correlation id. Shape (the whole Map-iteration state input; see {@link ValidateChannelHandler}):
 * <pre>{"intent": {…Intent with "desired": ChannelSpec…}, "correlationId": "…", "needs": ["CDC", …]}</pre>
 */
public record ValidateCommand(Intent intent, ChannelSpec desired, Set<Need> needs, String correlationId) {

    static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .findAndRegisterModules();

    public static ValidateCommand from(Map<String, Object> input) {
        if (input == null || !(input.get("intent") instanceof Map)) {
            throw new IllegalArgumentException("validate-channel input needs an 'intent' object (see ValidateChannelHandler)");
        }
        Intent intent = MAPPER.convertValue(input.get("intent"), Intent.class);
        if (intent.desired() == null) {
            throw new IllegalArgumentException("intent for " + intent.channelName() + " (plan " + intent.plan()
                    + ") has no desired spec to validate");
        }
        Set<Need> needs = EnumSet.noneOf(Need.class);
        Object declared = input.get("needs");
        if (declared instanceof List<?> list) {
            for (Object need : list) {
                try {
                    needs.add(Need.valueOf(String.valueOf(need).toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("unknown need '" + need + "'; known: " + EnumSet.allOf(Need.class));
                }
            }
        }
        Object correlation = input.get("correlationId");
        return new ValidateCommand(intent, intent.desired(), needs, correlation == null ? intent.trigger() : String.valueOf(correlation));
    }
}
