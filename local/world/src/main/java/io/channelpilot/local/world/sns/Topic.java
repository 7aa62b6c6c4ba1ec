package io.channelpilot.local.world.sns;

import java.util.LinkedHashMap;
import java.util.Map;

/** A topic: ARN, settable attributes and tags. Mutated only under the emulator's lock. */
final class Topic {

    final String arn;
    final String name;
    final Map<String, String> attributes = new LinkedHashMap<>();
    final Map<String, String> tags = new LinkedHashMap<>();

    Topic(String arn, String name) {
        this.arn = arn;
        this.name = name;
    }
}
