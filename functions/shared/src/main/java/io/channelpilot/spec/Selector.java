package io.channelpilot.spec;

/**
 * Which topics a tag applies to, and its rank in the precedence chain (DESIGN §3): topic tags &gt; exact rule &gt;
 * longest prefix rule &gt; cluster defaults. Equal {@link #rank()} means equal precedence.
 */
sealed interface Selector permits Selector.TopicTags, Selector.Exact, Selector.Prefix, Selector.Defaults, Selector.Broken {

    boolean matches(String topic);

    int rank();

    /** Tags on the topic itself. */
    record TopicTags() implements Selector {
        public boolean matches(String topic) {
            return true;
        }

        public int rank() {
            return 1_000_000;
        }
    }

    /** {@code topic=<name>}. */
    record Exact(String topic) implements Selector {
        public boolean matches(String t) {
            return topic.equals(t);
        }

        public int rank() {
            return 500_000;
        }
    }

    /** {@code prefix=<p>}; longer prefixes rank higher, so two rules rank equal only for prefixes of equal length. */
    record Prefix(String prefix) implements Selector {
        public boolean matches(String t) {
            return t.startsWith(prefix);
        }

        public int rank() {
            return 1_000 + prefix.length();
        }
    }

    /** {@code channel-pilot/defaults}: fills settings for every selected topic but selects none. */
    record Defaults() implements Selector {
        public boolean matches(String topic) {
            return true;
        }

        public int rank() {
            return 0;
        }
    }

    /** A rule whose selector is missing or invalid: it may have been meant for any topic, so it blocks all of them. */
    record Broken() implements Selector {
        public boolean matches(String topic) {
            return true;
        }

        public int rank() {
            return -1;
        }
    }
}
