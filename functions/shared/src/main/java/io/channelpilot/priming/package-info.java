/**
 * SnapStart priming (issue 8): each function registers one {@link io.channelpilot.priming.Priming} (a CRaC
 * {@link org.crac.Resource}) in its Lambda constructor. Before the snapshot, {@code beforeCheckpoint} runs the
 * function's Jackson paths on its own sample event and result types, and sends one request per SDK client through the
 * whole client pipeline (marshalling, endpoint rules, signing) up to the moment of transmission, where an interceptor
 * aborts it: the snapshot holds warm classes and no connection, no credentials of the function and no side effect.
 */
package io.channelpilot.priming;
