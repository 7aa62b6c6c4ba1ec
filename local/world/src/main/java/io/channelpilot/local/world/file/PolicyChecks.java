package io.channelpilot.local.world.file;

import com.fasterxml.jackson.databind.JsonNode;

/** Shape checks for IAM policy documents in the world file (what the policy evaluator relies on). */
final class PolicyChecks {

    private PolicyChecks() {
    }

    static void policy(Checks c, String p, JsonNode doc) {
        if (doc == null || !doc.isObject()) {
            c.fail(p, "must be a policy document object");
            return;
        }
        JsonNode st = doc.path("Statement");
        if (!st.isArray() && !st.isObject()) {
            c.fail(p + ".Statement", "is required (an object or an array of statements)");
            return;
        }
        if (st.isObject()) {
            statement(c, p + ".Statement", st);
            return;
        }
        for (int i = 0; i < st.size(); i++) {
            statement(c, p + ".Statement[" + i + "]", st.get(i));
        }
    }

    private static void statement(Checks c, String p, JsonNode st) {
        String effect = st.path("Effect").asText(null);
        if (!"Allow".equals(effect) && !"Deny".equals(effect)) {
            c.fail(p + ".Effect", "must be Allow or Deny, was '" + effect + "'");
        }
        if (st.has("Action") == st.has("NotAction")) {
            c.fail(p, "needs exactly one of Action and NotAction");
        }
    }
}
