package io.channelpilot.runtime;

/**
 * How the local world creates a function's handler in-process: with the world's environment and virtual clock,
 * through the same wiring Lambda's no-arg constructor uses. One per function module, listed in
 * {@code META-INF/services/io.channelpilot.runtime.FunctionEntry}; an explicit call the compiler checks, so renaming a
 * handler's constructor cannot silently fall back to another one (as reflection on constructors could).
 */
public interface FunctionEntry {

    /** The handler class template.yaml names (its {@code Handler} before {@code ::}). */
    Class<?> handlerClass();

    /** A new handler instance over {@code environment} (its variables and its clock). */
    Object create(FunctionEnvironment environment);
}
