package io.channelpilot.resolve;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Skip;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One structured log line per decision (style anchor 16): keys {@code cluster}, {@code topic}, {@code channel},
 * {@code plan}, {@code reason}, plus the trigger id for correlation. Messages never contain record payloads — intents
 * carry none.
 */
final class DecisionLog {

    private static final Logger LOG = LoggerFactory.getLogger(DecisionLog.class);

    private DecisionLog() {
    }

    static void intent(Intent i) {
        LOG.info("intent decided", entry("cluster", i.clusterArn()), entry("topic", i.topic()), entry("channel", i.channelName()),
                entry("plan", i.plan().name()), entry("reason", i.reason()), entry("trigger", i.trigger()));
    }

    static void skip(Skip s, String triggerId) {
        LOG.info("nothing planned", entry("cluster", s.clusterArn()), entry("topic", s.topic()), entry("channel", ""),
                entry("plan", "NONE"), entry("reason", s.reason().name()), entry("trigger", triggerId));
    }

    static void error(ResolveError e, String triggerId) {
        LOG.warn("trigger not resolved", entry("code", e.code().name()), entry("field", e.field()), entry("trigger", triggerId));
    }
}
