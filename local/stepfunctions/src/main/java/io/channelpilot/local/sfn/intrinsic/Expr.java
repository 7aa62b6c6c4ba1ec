package io.channelpilot.local.sfn.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** A parsed intrinsic-function argument: a nested call, a literal, or a Path. */
public sealed interface Expr permits Expr.Call, Expr.Literal, Expr.PathRef {

    /** {@code States.Name(args...)}. */
    record Call(String name, List<Expr> args) implements Expr {
        public Call {
            args = List.copyOf(args);
        }
    }

    /** A quoted string, a number, {@code true}, {@code false} or {@code null}. */
    record Literal(JsonNode value) implements Expr {
    }

    /** A Path ({@code $.x}) or a context path ({@code $$.Execution.Id}). */
    record PathRef(String path) implements Expr {
    }
}
