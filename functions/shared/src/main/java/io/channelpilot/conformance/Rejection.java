package io.channelpilot.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * Control-flow signal from a converter deep in the tree to {@link RecordConformer}. Rejections are the rare path,
 * so unwinding by exception keeps the happy path free of result objects; the stack trace is never filled (cheap),
 * and the JSON pointer is assembled only while unwinding, one segment per container.
 */
final class Rejection extends RuntimeException {

    private static final long serialVersionUID = 1L;

    final ConformanceCode code;
    final String expected;
    final String actual;
    final String detail;
    private final List<String> reversedSegments = new ArrayList<>(4);

    Rejection(ConformanceCode code, String expected, String actual, String detail) {
        super(code.code(), null, false, false);
        this.code = code;
        this.expected = expected;
        this.actual = actual;
        this.detail = detail;
    }

    /** Called by each enclosing container with its already-escaped segment. */
    Rejection at(String escapedSegment) {
        reversedSegments.add(escapedSegment);
        return this;
    }

    String pointer() {
        StringBuilder pointer = new StringBuilder();
        for (int i = reversedSegments.size() - 1; i >= 0; i--) {
            pointer.append('/').append(reversedSegments.get(i));
        }
        return pointer.toString();
    }
}
