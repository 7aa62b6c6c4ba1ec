package io.channelpilot.gateway;

import java.util.function.Function;

/** The answer of one gateway call: a value, or the {@link GatewayFailure} that kept us from knowing it. */
public sealed interface GatewayResult<T> permits GatewayResult.Ok, GatewayResult.Failed {

    record Ok<T>(T value) implements GatewayResult<T> {
    }

    record Failed<T>(GatewayFailure failure) implements GatewayResult<T> {
    }

    static <T> GatewayResult<T> ok(T value) {
        return new Ok<>(value);
    }

    static <T> GatewayResult<T> failed(GatewayFailure failure) {
        return new Failed<>(failure);
    }

    /** Exhaustive handling: exactly one of the functions runs. */
    default <R> R fold(Function<? super T, ? extends R> ok, Function<GatewayFailure, ? extends R> failed) {
        if (this instanceof Ok<T> o) {
            return ok.apply(o.value());
        }
        return failed.apply(((Failed<T>) this).failure());
    }

    default <R> GatewayResult<R> map(Function<? super T, ? extends R> f) {
        return fold(v -> GatewayResult.ok(f.apply(v)), GatewayResult::failed);
    }
}
